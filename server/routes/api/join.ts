import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  classErrorSchema,
  joinLookupSchema,
  joinParamsSchema,
  joinRequestSchema,
  joinResponseSchema,
} from '../../../core/api/classes.ts';
import { joinClass, joinCounter, lookupClass } from '../../services/classes/join.ts';

const err = classErrorSchema;
const tags = ['join'];

/** /api/join/...: students find a class by its code and join it (docs/class-mode.md). */
export async function joinRoutes(app: FastifyInstance): Promise<void> {
  const joins = joinCounter();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/join/:code',
    {
      schema: {
        summary: "A class's name and whether it takes students, by join code",
        tags,
        params: joinParamsSchema,
        response: { 200: joinLookupSchema, 400: err, 404: err },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lookupClass(app, request.params.code);
    },
  );
  r.post(
    '/join/:code',
    {
      schema: {
        summary:
          'Join a class under a display name and start playing (a guest game without a session)',
        description:
          '404 code "unknown-code"; 409 code "closed", "full" or "name-taken"; 429 too many new guests from one address; 503 when the guest session could not be made.',
        tags,
        params: joinParamsSchema,
        body: joinRequestSchema,
        response: { 200: joinResponseSchema, 400: err, 404: err, 409: err, 429: err, 503: err },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return joinClass(app, request, request.params.code, request.body.name, joins, (cookies) =>
        reply.header('set-cookie', cookies),
      );
    },
  );
}
