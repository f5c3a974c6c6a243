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
import { authorOf } from '../author.ts';
import { taggedRoutes } from '../tagged-routes.ts';

/** The Player Stats Configuration card: save with verify, and the previous-scene reference. */
export const statsRoutes = taggedRoutes('admin: scenes', (app) => {
  app.put(
    '/scenes/:id/stats',
    {
      schema: {
        summary: "Save a scene's stats_config and read it back to verify",
        description: `404: ${SCENE_MESSAGES.notFound}`,
        params: sceneIdParamsSchema,
        body: saveStatsSchema,
        response: { 200: saveStatsResponseSchema },
      },
    },
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
    {
      schema: {
        summary: 'The 10 latest scenes with a stats configuration',
        querystring: statsReferenceQuerySchema,
        response: { 200: statsReferenceResponseSchema },
      },
    },
    async (request) => ({
      scenes: await listStatsReferenceScenes(app.db, request.query.exclude),
    }),
  );
});
