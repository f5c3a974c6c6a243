import type { FastifyInstance } from 'fastify';
import { SCENE_MESSAGES, sceneIdParamsSchema } from '../../../../core/api/admin-scenes.ts';
import { errorResponseSchema } from '../../../../core/api/admin-world.ts';
import {
  analyticsOverviewSchema,
  analyticsQuerySchema,
  sceneAnalyticsSchema,
} from '../../../../core/api/analytics.ts';
import { HttpError } from '../../../errors.ts';
import { readOverview, readSceneAnalytics } from '../../../services/analytics/analytics.ts';
import { taggedRoutes } from './tagged-routes.ts';

/** Longest an analytics read waits for the running totals to catch up (the rest is `pending`). */
const CATCH_UP_WAIT_MS = 2000;

/**
 * Waits for the totals to count new decisions, at most CATCH_UP_WAIT_MS; answers whether they
 * did (the last slice found nothing left to count, so nothing is pending).
 */
async function caughtUp(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CATCH_UP_WAIT_MS);
  });
  const done = await Promise.race([app.rollup.catchUp().then(() => true), wait]);
  clearTimeout(timer);
  return done;
}

/** Analytics from the choice log's running totals (docs/analytics.md); play-tests left out, guests apart. */
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
      const done = await caughtUp(app);
      return readOverview(app.db, request.query, app.dialect === 'postgres', done);
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
      await caughtUp(app);
      const found = await readSceneAnalytics(app.db, request.params.id, request.query);
      if (!found) throw new HttpError(404, SCENE_MESSAGES.notFound);
      return found;
    },
  );
});
