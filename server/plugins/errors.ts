import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a service raises on purpose: its message is shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One error handler: every failure is JSON `{ error, message }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send({ error: 'Bad Request', message });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, message: err.message }, 'request refused');
    const message =
      status >= 500 && !(err instanceof HttpError) ? 'Internal Server Error' : err.message;
    // A 500's code is the driver's (e.g. a PostgreSQL SQLSTATE): internal detail, not for clients.
    const code = status >= 500 && !(err instanceof HttpError) ? undefined : err.code;
    return reply.status(status).send({
      error: STATUS_CODES[status] ?? 'Error',
      message,
      ...(code ? { code } : {}),
    });
  });
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** True when a parsed query or body holds a NUL character anywhere in its strings. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL (SQLSTATE 22021) and no field of this product needs one, so any
 * request carrying one is refused with 400 before a route sees it — on both engines alike.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new HttpError(400, NUL_MESSAGE);
    }
  });
}
