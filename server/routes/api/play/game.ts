import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameResponseSchema, playErrorSchema } from '../../../../core/api/play.ts';
import { continueGame, getGame, startGame } from '../../../services/play/game.ts';
import { playRouteOptions } from '../route-options.ts';
import { playerOf } from './session.ts';

const errors = { 401: playErrorSchema, 404: playErrorSchema };

/** GET /play/game, POST /play/game/start, POST /play/game/continue. */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/game',
    playRouteOptions("The player's game (creates nothing)", { 200: gameResponseSchema, ...errors }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getGame(app.db, playerOf(request));
    },
  );
  r.post(
    '/game/start',
    playRouteOptions('Start a new game on the start scene', { 200: gameResponseSchema, ...errors }),
    async (request) => startGame(app.db, playerOf(request)),
  );
  r.post(
    '/game/continue',
    playRouteOptions('Continue the saved game, or start a new one when there is none', {
      200: gameResponseSchema,
      ...errors,
    }),
    async (request) => continueGame(app.db, playerOf(request)),
  );
}
