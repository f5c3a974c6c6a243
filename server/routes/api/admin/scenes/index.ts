import type { FastifyInstance } from 'fastify';
import { optionRoutes } from './option-routes.ts';
import { sceneRoutes } from './scene-routes.ts';
import { statsRoutes } from './stats-routes.ts';

/** Scene authoring under /api/admin: scenes, their options, stats and placeholder links. */
export async function adminSceneRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sceneRoutes);
  await app.register(optionRoutes);
  await app.register(statsRoutes);
}
