import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { keepGameRequestSchema, keepGameResponseSchema } from '../../../../core/api/keep-game.ts';
import { playErrorSchema } from '../../../../core/api/play.ts';
import { gamesToKeep, keepGame } from '../../../auth/guest-progress.ts';
import { playRouteOptions } from '../route-options.ts';
import { playerOf } from './session.ts';

const errors = { 401: playErrorSchema, 404: playErrorSchema };

/**
 * GET/POST /play/game/choice: after a guest who played logs in to an account with a saved game,
 * both games are kept until the player says which one to continue.
 */
export async function keepGameRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/game/choice',
    playRouteOptions(
      "The guest's game and the account's game while the player has not chosen (else null)",
      { 200: keepGameResponseSchema, ...errors },
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gamesToKeep(app.db, playerOf(request).id);
    },
  );
  r.post(
    '/game/choice',
    playRouteOptions(
      "Keep the guest's game or the account's own; the other one is deleted",
      { 200: keepGameResponseSchema, ...errors },
      { body: keepGameRequestSchema },
    ),
    async (request) => {
      await keepGame(app.db, playerOf(request).id, request.body.keep);
      return { choice: null };
    },
  );
}
