import type { FastifyInstance } from 'fastify';
import { consultantRoutes } from './consultants.ts';
import { pageRoutes } from './pages.ts';

/** The public routes of the world: the consultant directory and form, and the pages. */
export async function publicWorldRoutes(app: FastifyInstance): Promise<void> {
  await app.register(consultantRoutes);
  await app.register(pageRoutes);
}
