import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  choiceAnswerOf,
  choiceAnswerSchema,
  choiceRequestSchema,
  playErrorSchema,
} from '../../../../core/api/play.ts';
import { HttpError } from '../../../errors.ts';
import { addressKey } from '../../../plugins/address-key.ts';
import { presentedResponse } from '../../../plugins/openapi.ts';
import { submitChoice } from '../../../services/play/choice.ts';
import { playerOf } from './session.ts';

/**
 * CHOICE_LIMIT choices per player per minute (0: none): far above what a person clicks, far
 * below what a script fires. Counted per signed-in player (guests too), before the choice runs.
 */
function choiceRateLimit(app: FastifyInstance): FastifyContextConfig {
  const max = app.config.choiceLimit;
  if (max <= 0) return {};
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) =>
        `choice:${request.user?.id ?? addressKey(request.ip)}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
        new HttpError(
          429,
          `You are choosing too fast; try again in ${context.after}`,
          'rate_limited',
        ),
    },
  };
}

/** POST /play/choices: the server applies a decision (an option taken) once per idempotency key. */
export async function choiceRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/choices',
    {
      config: choiceRateLimit(app),
      schema: {
        summary:
          "Make a decision: take one of the current scene's options ({ optionId, idempotencyKey }); the server takes the whole step",
        description:
          'The path keeps its name (/choices); the body names the option taken. Unknown fields (stat values) are refused with 400. 409: not the current scene, a scene taking no decisions, a pending link (code "pending") or no destination; 403: a locked option. The same idempotency key returns the same answer and applies nothing.',
        tags: ['play'],
        security: [{ session: [] }],
        body: choiceRequestSchema,
        response: {
          200: presentedResponse(choiceAnswerSchema),
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
      return choiceAnswerOf(
        await submitChoice(app.db, app.dialect, user, request.body, app.eventDeps),
      );
    },
  );
}
