import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  choiceRequestSchema,
  choiceResponseSchema,
  playErrorSchema,
} from '../../../../core/api/play.ts';
import { submitChoice } from '../../../services/play/choice.ts';
import { playerOf } from './session.ts';

/** POST /play/choices: the server applies a choice once per idempotency key. */
export async function choiceRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/choices',
    {
      schema: {
        summary: 'Make a choice: { optionId, idempotencyKey }; the server applies every rule',
        description:
          'Unknown fields (stat values) are refused with 400. 409: not the current scene, a scene taking no choices, a pending link (code "pending") or no destination; 403: a locked option. The same idempotency key returns the same answer and applies nothing.',
        tags: ['play'],
        security: [{ session: [] }],
        body: choiceRequestSchema,
        response: {
          200: choiceResponseSchema,
          400: playErrorSchema,
          401: playErrorSchema,
          403: playErrorSchema,
          404: playErrorSchema,
          409: playErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = playerOf(request);
      reply.header('cache-control', 'no-store');
      return submitChoice(app.db, app.dialect, user, request.body);
    },
  );
}
