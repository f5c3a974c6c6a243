import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { playErrorSchema } from '../../../../core/api/play.ts';
import { startPlayAnswerSchema, startPlayRequestSchema } from '../../../../core/api/play-start.ts';
import { HttpError } from '../../../errors.ts';
import { addressKey } from '../../../plugins/address-key.ts';
import { StartKeys, startPlay } from '../../../services/start-play.ts';

/**
 * Starts per player (or per address, before there is a session) per minute: a person presses
 * Start a few times, a class behind one address some hundreds; the guests it makes are bounded
 * by the guest-start limit of /api/auth (AUTH_LIMITS.guestStarts) as well.
 */
export const START_LIMIT = { perPlayer: 30, perAddress: 600, timeWindow: 60_000 };

/** POST /play/start: the start screen's one request (session, game and first scene). */
export async function startRoutes(app: FastifyInstance): Promise<void> {
  const keys = new StartKeys();
  app.withTypeProvider<ZodTypeProvider>().post(
    '/start',
    {
      config: {
        rateLimit: {
          // After the session is read, so a player is counted as themselves.
          hook: 'preHandler' as const,
          max: (request: FastifyRequest) =>
            request.user ? START_LIMIT.perPlayer : START_LIMIT.perAddress,
          timeWindow: START_LIMIT.timeWindow,
          keyGenerator: (request: FastifyRequest) =>
            request.user ? `start:${request.user.id}` : `start:${addressKey(request.ip)}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
            new HttpError(
              429,
              `Too many starts just now; try again in ${context.after}`,
              'rate_limited',
            ),
        },
      },
      schema: {
        summary:
          'Start playing in one request: a guest session when there is none, the game continued (or started) and its scene',
        description:
          'Without a session a guest is made (its cookie comes with the answer; 429 past the guest-start limit of the address). A game in progress is continued, never wiped; otherwise a new game starts on the start scene. The answer carries the session, the game, its scene with options, sponsors, fonts and news. The same idempotency key within a minute returns the same answer (and cookies) and starts nothing more. 404 when there are no scenes; 503 when the guest session could not be made.',
        tags: ['play'],
        body: startPlayRequestSchema,
        response: {
          200: startPlayAnswerSchema,
          400: playErrorSchema,
          404: playErrorSchema,
          429: playErrorSchema,
          503: playErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { answer, cookies } = await startPlay(app, request, request.body.idempotencyKey, keys);
      if (cookies.length) reply.header('set-cookie', cookies);
      return answer;
    },
  );
}
