import {
  SCENE_MESSAGES,
  saveStatsResponseSchema,
  saveStatsSchema,
  sceneIdParamsSchema,
  statsReferenceQuerySchema,
  statsReferenceResponseSchema,
} from '../../../../../core/api/admin-scenes.ts';
import {
  listStatsReferenceScenes,
  saveSceneStats,
} from '../../../../services/scenes/scene-admin.ts';
import { routeOptions } from '../../route-options.ts';
import { authorOf } from '../author.ts';
import { taggedRoutes } from '../tagged-routes.ts';

/** The Player Stats Configuration card: save with verify, and the previous-scene reference. */
export const statsRoutes = taggedRoutes('admin: scenes', (app) => {
  app.put(
    '/scenes/:id/stats',
    routeOptions(
      "Save a scene's stats_config and read it back to verify",
      { 200: saveStatsResponseSchema },
      {
        description: `404: ${SCENE_MESSAGES.notFound}`,
        params: sceneIdParamsSchema,
        body: saveStatsSchema,
      },
    ),
    async (request) => {
      const { params, body } = request;
      const statsConfig = await saveSceneStats(
        app.db,
        params.id,
        body.statsConfig,
        authorOf(request),
      );
      return { statsConfig };
    },
  );

  app.get(
    '/scene-stats/references',
    routeOptions(
      'The 10 latest scenes with a stats configuration',
      { 200: statsReferenceResponseSchema },
      { querystring: statsReferenceQuerySchema },
    ),
    async (request) => ({
      scenes: await listStatsReferenceScenes(app.db, request.query.exclude),
    }),
  );
});
