import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classErrorSchema,
  joinLookupSchema,
  joinParamsSchema,
  joinRequestSchema,
  joinResponseSchema,
} from '../../../core/api/classes.ts';
import { HttpError } from '../../errors.ts';
import { addressKey } from '../../plugins/address-key.ts';
import {
  JOIN_MESSAGES,
  joinClass,
  joinCounters,
  lookupClass,
} from '../../services/classes/join.ts';

const err = classErrorSchema;
const tags = ['join'];

/**
 * Look-ups and joins per address in ten minutes (each route its own count): a class of 200
 * behind one school address loads the join page and joins a few times each, far below it; the
 * wrong codes have their tighter limit in the service (WRONG_CODE_LIMIT).
 */
const JOIN_ROUTE_LIMIT = { max: 1500, timeWindow: 10 * 60 * 1000 };

const rateLimit = (name: string) => ({
  rateLimit: {
    ...JOIN_ROUTE_LIMIT,
    keyGenerator: (request: FastifyRequest) => `${name}:${addressKey(request.ip)}`,
    errorResponseBuilder: () => new HttpError(429, JOIN_MESSAGES.busy, 'rate_limited'),
  },
});

/** /api/join/...: students find a class by its code and join it (docs/class-mode.md). */
export async function joinRoutes(app: FastifyInstance): Promise<void> {
  const counters = joinCounters();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/join/:code',
    {
      config: rateLimit('join-lookup'),
      schema: {
        summary: "A class's name and whether it takes students, by join code",
        description:
          'A closed class is named only to its own students. 429 after too many look-ups or wrong codes from one address.',
        tags,
        params: joinParamsSchema,
        response: { 200: joinLookupSchema, 400: err, 404: err, 429: err },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lookupClass(app, request, request.params.code, counters);
    },
  );
  r.post(
    '/join/:code',
    {
      config: rateLimit('join'),
      schema: {
        summary:
          'Join a class under a display name and start playing (a guest game without a session)',
        description:
          '404 code "unknown-code"; 409 code "closed", "full", "name-taken" or "game-in-progress" (the caller\'s game would be replaced: send replaceGame true to go on); 429 too many joins, new guests or wrong codes from one address; 503 when the guest session could not be made.',
        tags,
        params: joinParamsSchema,
        body: joinRequestSchema,
        response: { 200: joinResponseSchema, 400: err, 404: err, 409: err, 429: err, 503: err },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return joinClass(app, request, request.params.code, request.body, counters, (cookies) =>
        reply.header('set-cookie', cookies),
      );
    },
  );
}
