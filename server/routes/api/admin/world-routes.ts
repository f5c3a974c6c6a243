import type { FastifyInstance } from 'fastify';
import { adminAdvertisementRoutes } from './advertisements.ts';
import { adminConsultantRoutes } from './consultants.ts';
import { adminFontRoutes } from './fonts.ts';
import { adminNewsRoutes } from './news.ts';
import { adminPageRoutes } from './pages.ts';
import { adminRandomEventRoutes } from './random-events.ts';
import { adminSeoRoutes } from './seo.ts';
import { adminSponsorRoutes } from './sponsors.ts';

/** The admin pages of the game world and the website (issue 6); registered inside the admin guard. */
export async function adminWorldRoutes(app: FastifyInstance): Promise<void> {
  await app.register(adminRandomEventRoutes);
  await app.register(adminFontRoutes);
  await app.register(adminSponsorRoutes);
  await app.register(adminConsultantRoutes);
  await app.register(adminNewsRoutes);
  await app.register(adminPageRoutes);
  await app.register(adminSeoRoutes);
  await app.register(adminAdvertisementRoutes);
}
