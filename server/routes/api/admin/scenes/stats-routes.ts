import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SCENE_MESSAGES,
  saveStatsResponseSchema,
  saveStatsSchema,
  sceneIdParamsSchema,
  statsReferenceQuerySchema,
  statsReferenceResponseSchema,
} from '../../../../../core/api/admin-scenes.ts';
import { publishContentChange } from '../../../../services/scenes/content-events.ts';
import {
  listStatsReferenceScenes,
  saveSceneStats,
} from '../../../../services/scenes/scene-admin.ts';

const tags = ['admin: scenes'];

/** The Player Stats Configuration card: save with verify, and the previous-scene reference. */
export async function statsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/scenes/:id/stats',
    {
      schema: {
        summary: "Save a scene's stats_config and read it back to verify",
        description: `404: ${SCENE_MESSAGES.notFound}`,
        tags,
        params: sceneIdParamsSchema,
        body: saveStatsSchema,
        response: { 200: saveStatsResponseSchema },
      },
    },
    async (request) => {
      const statsConfig = await saveSceneStats(app.db, request.params.id, request.body.statsConfig);
      await publishContentChange(app);
      return { statsConfig };
    },
  );

  app.get(
    '/scene-stats/references',
    {
      schema: {
        summary: 'The 10 latest scenes with a stats configuration',
        tags,
        querystring: statsReferenceQuerySchema,
        response: { 200: statsReferenceResponseSchema },
      },
    },
    async (request) => ({
      scenes: await listStatsReferenceScenes(app.db, request.query.exclude),
    }),
  );
}
