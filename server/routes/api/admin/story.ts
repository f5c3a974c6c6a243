import {
  mapPositionsResponseSchema,
  mapPositionsSchema,
  mapSearchQuerySchema,
  mapSearchResponseSchema,
  playtestResponseSchema,
  STORY_MESSAGES,
  startPlaytestSchema,
  storyMapResponseSchema,
} from '../../../../core/api/story.ts';
import { HttpError } from '../../../errors.ts';
import { startPlaytest } from '../../../services/story/playtests.ts';
import { readStoryMap, saveMapPositions } from '../../../services/story/story-map.ts';
import { searchStory } from '../../../services/story/story-map-search.ts';
import { routeOptions } from '../route-options.ts';
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

  app.put(
    '/story-map/positions',
    {
      // The first drag keeps the whole layout: every scene's place, 10,000 scenes ≈ 600 kB.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary: 'Save where boxes were dragged on the story map (null: automatic layout again)',
        body: mapPositionsSchema,
        response: { 200: mapPositionsResponseSchema },
      },
    },
    async (request) => saveMapPositions(app.db, request.body),
  );

  app.get(
    '/story-map/search',
    routeOptions(
      'Full-text search of titles, ids, descriptions and option texts for the map',
      { 200: mapSearchResponseSchema },
      { querystring: mapSearchQuerySchema },
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return searchStory(app.db, request.query.q);
    },
  );

  app.post(
    '/playtests',
    routeOptions(
      "Start a test game at a scene with that scene's stats or chosen values",
      { 201: playtestResponseSchema },
      {
        description: `404: ${STORY_MESSAGES.sceneNotFound}. Play with header x-playtest-id.`,
        body: startPlaytestSchema,
      },
    ),
    async (request, reply) => {
      if (!request.user) throw new HttpError(401, 'Authentication required');
      const started = await startPlaytest(app.db, request.user, request.body);
      request.log.info({ playtestId: started.playtestId, sceneId: started.sceneId }, 'play-test');
      return reply.status(201).send(started);
    },
  );
});
