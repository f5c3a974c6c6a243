import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../errors.ts';
import { adminAiRoutes } from './ai.ts';
import { adminAnalyticsRoutes } from './analytics.ts';
import { adminHistoryRoutes } from './history.ts';
import { adminSceneRoutes } from './scenes/index.ts';
import { adminStoryRoutes } from './story.ts';
import { adminTransferRoutes } from './transfer.ts';
import { adminUploadRoutes } from './uploads.ts';
import { adminWorldRoutes } from './world-routes.ts';

/**
 * The one server-side guard for /api/admin/*: 401 without a session, 403 for a player or guest.
 * Every admin feature registers its routes inside this plugin so none can skip the check.
 */
async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) {
    request.log.warn({ url: request.url, ip: request.ip }, 'admin request refused: no session');
    throw new HttpError(401, 'Authentication required');
  }
  if (request.user.role !== 'admin' || request.user.isAnonymous) {
    request.log.warn({ userId: request.user.id, url: request.url }, 'admin request refused');
    throw new HttpError(403, 'Admin privileges required');
  }
}

/** Registers every admin route behind requireAdmin. */
export async function registerAdminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminSceneRoutes);
  await app.register(adminUploadRoutes);
  await app.register(adminAiRoutes);
  await app.register(adminWorldRoutes);
  await app.register(adminStoryRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(adminTransferRoutes);
  await app.register(adminHistoryRoutes);
  // Unknown admin paths are guarded too: nobody learns which admin routes exist without rights.
  app.setNotFoundHandler(async (request, reply) => {
    await requireAdmin(request, reply);
    return reply.status(404).send({
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}
