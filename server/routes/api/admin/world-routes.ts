import type { FastifyInstance } from 'fastify';
import { advertisementKind } from '../../../../core/content/advertisements.ts';
import { newsKind } from '../../../../core/content/news.ts';
import { randomEventKind } from '../../../../core/content/random-events.ts';
import { sponsorKind } from '../../../../core/content/sponsors.ts';
import { adminConsultantRoutes } from './consultants.ts';
import { adminSiteRoutes } from './site.ts';
import { worldCollectionRoutes } from './world-collection.ts';

/** The admin pages of the game world and the website; registered inside the admin guard. */
export async function adminWorldRoutes(app: FastifyInstance): Promise<void> {
  await app.register(worldCollectionRoutes(randomEventKind, 'content'));
  await app.register(worldCollectionRoutes(sponsorKind, 'content'));
  await app.register(adminConsultantRoutes);
  // The ticker above the game listens on 'news'.
  await app.register(worldCollectionRoutes(newsKind, 'news'));
  await app.register(adminSiteRoutes);
  await app.register(worldCollectionRoutes(advertisementKind, 'content'));
}
