import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameResponseSchema, playErrorSchema } from '../../../../core/api/play.ts';
import { continueGame, getGame, startGame } from '../../../services/play/game.ts';
import { playerOf } from './session.ts';

const errors = { 401: playErrorSchema, 404: playErrorSchema };

/** GET /play/game, POST /play/game/start, POST /play/game/continue. */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/game',
    {
      schema: {
        summary: "The player's game (creates nothing)",
        tags: ['play'],
        security: [{ session: [] }],
        response: { 200: gameResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getGame(app.db, playerOf(request));
    },
  );
  r.post(
    '/game/start',
    {
      schema: {
        summary: 'Start a new game on the start scene',
        tags: ['play'],
        security: [{ session: [] }],
        response: { 200: gameResponseSchema, ...errors },
      },
    },
    async (request) => startGame(app.db, playerOf(request)),
  );
  r.post(
    '/game/continue',
    {
      schema: {
        summary: 'Continue the saved game, or start a new one when there is none',
        tags: ['play'],
        security: [{ session: [] }],
        response: { 200: gameResponseSchema, ...errors },
      },
    },
    async (request) => continueGame(app.db, playerOf(request)),
  );
}
