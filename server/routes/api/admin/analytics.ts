import { SCENE_MESSAGES, sceneIdParamsSchema } from '../../../../core/api/admin-scenes.ts';
import { errorResponseSchema } from '../../../../core/api/admin-world.ts';
import {
  analyticsOverviewSchema,
  analyticsQuerySchema,
  sceneAnalyticsSchema,
} from '../../../../core/api/analytics.ts';
import { HttpError } from '../../../errors.ts';
import { taggedRoutes } from './tagged-routes.ts';

/**
 * Analytics from the choice log's running totals (docs/analytics.md); play-tests left out, guests
 * apart. On a SQLite file the reads run in a worker thread (services/analytics/read-in-worker.ts).
 */
export const adminAnalyticsRoutes = taggedRoutes('admin: analytics', (app) => {
  app.get(
    '/analytics',
    {
      schema: {
        summary: 'People, choices per day, and every scene reached / stopped at, in a date range',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsOverviewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Never waits for a backlog's count: the totals as they are, and how far the count is.
      return app.analyticsReads.overview(request.query, await app.rollup.forRead());
    },
  );

  app.get(
    '/analytics/scenes/:id',
    {
      schema: {
        summary: "One scene: reached, stopped, each option's pick rate, stats on arrival",
        params: sceneIdParamsSchema,
        querystring: analyticsQuerySchema,
        response: {
          200: sceneAnalyticsSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const counting = await app.rollup.forRead();
      const found = await app.analyticsReads.scene(request.params.id, request.query, counting);
      if (!found) throw new HttpError(404, SCENE_MESSAGES.notFound);
      return found;
    },
  );
});
