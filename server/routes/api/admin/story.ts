import {
  playtestResponseSchema,
  STORY_MESSAGES,
  startPlaytestSchema,
  storyMapResponseSchema,
} from '../../../../core/api/story.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { startPlaytest } from '../../../services/story/playtests.ts';
import { readStoryMap } from '../../../services/story/story-map.ts';
import { taggedRoutes } from './tagged-routes.ts';

/** The story map's graph and 'Play from here' test games. */
export const adminStoryRoutes = taggedRoutes('admin: story', (app) => {
  app.get(
    '/story-map',
    {
      schema: {
        summary:
          'Every scene and option, with unreachable scenes, dead ends, pending and broken links',
        response: { 200: storyMapResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readStoryMap(app.db);
    },
  );

  app.post(
    '/playtests',
    {
      schema: {
        summary: "Start a test game at a scene with that scene's stats or chosen values",
        description: `404: ${STORY_MESSAGES.sceneNotFound}. Play with header x-playtest-id.`,
        body: startPlaytestSchema,
        response: { 201: playtestResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) throw new HttpError(401, 'Authentication required');
      const started = await startPlaytest(app.db, request.user, request.body);
      request.log.info({ playtestId: started.playtestId, sceneId: started.sceneId }, 'play-test');
      return reply.status(201).send(started);
    },
  );
});
