import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** POST /api/play/choices as `cookie`. */
export function choose(
  app: FastifyInstance,
  cookie: string,
  optionId: string,
  idempotencyKey: string = randomUUID(),
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/play/choices',
    headers: { cookie },
    payload: { optionId, idempotencyKey, ...extra },
  });
}

/** an authenticated GET or POST of a play route. */
export function play(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST',
  url: string,
) {
  return app.inject({ method, url, headers: cookie ? { cookie } : {} });
}
