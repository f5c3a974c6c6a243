import type { FastifyInstance } from 'fastify';
import { PLAYTEST_HEADER } from '../../../../core/api/story.ts';
import { liveRoutes } from '../../../live/live-routes.ts';
import { playtestUserOf } from '../../../services/story/playtests.ts';
import { choiceRoutes } from './choices.ts';
import { gameRoutes } from './game.ts';
import { keepGameRoutes } from './keep-game.ts';
import { publicPlayRoutes } from './public.ts';
import { sceneRoutes } from './scenes.ts';
import { startRoutes } from './start.ts';

/** Every play route under /api/play, plus the live stream at /api/live. */
export async function registerPlayRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (play) => {
      // 'Play from here': with the play-test header an admin plays that test game, not their own.
      // Without the header the caller plays their own game: a callback hook, no promise per request.
      play.addHook('preHandler', (request, _reply, done) => {
        if (request.headers[PLAYTEST_HEADER] === undefined) return done();
        playtestUserOf(app.db, request).then((user) => {
          request.user = user;
          done();
        }, done);
      });
      await play.register(startRoutes);
      await play.register(gameRoutes);
      await play.register(keepGameRoutes);
      await play.register(sceneRoutes);
      await play.register(choiceRoutes);
      await play.register(publicPlayRoutes);
    },
    { prefix: '/play' },
  );
  await app.register(liveRoutes);
}
