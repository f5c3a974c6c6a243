import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/database.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
  message: z.string().optional(),
});

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['system'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const, database: app.dialect };
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        return reply.status(503).send({
          status: 'unavailable' as const,
          database: app.dialect,
          message: 'Database unavailable',
        });
      }
    },
  );
}
