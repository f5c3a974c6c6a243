import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin/index.ts';
import { healthRoutes } from './health.ts';
import { joinRoutes } from './join.ts';
import { registerPlayRoutes } from './play/index.ts';
import { sessionRoutes } from './session.ts';
import { teachRoutes } from './teach.ts';
import { publicWorldRoutes } from './world.ts';

/** Every /api route. Each feature adds its plugin here. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(registerPlayRoutes);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(registerAdminRoutes, { prefix: '/admin' });
  await app.register(publicWorldRoutes);
  await app.register(teachRoutes);
  await app.register(joinRoutes);
}
