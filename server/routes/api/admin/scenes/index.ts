import type { FastifyInstance } from 'fastify';
import { publishContentChange } from '../../../../services/scenes/content-events.ts';
import { optionRoutes } from './option-routes.ts';
import { sceneRoutes } from './scene-routes.ts';
import { statsRoutes } from './stats-routes.ts';

/**
 * Scene authoring under /api/admin: scenes, their options, stats and placeholder links. Every
 * write that succeeds tells open games on every server that content changed (SSE 'content'),
 * before the answer leaves; a refused one (4xx/5xx) tells nobody.
 */
export async function adminSceneRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await publishContentChange(app);
    }
    return payload;
  });
  await app.register(sceneRoutes);
  await app.register(optionRoutes);
  await app.register(statsRoutes);
}
