import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adsResponseSchema,
  fontsResponseSchema,
  newsResponseSchema,
  sponsorsResponseSchema,
} from '../../../../core/api/play.ts';
import {
  fontSettings,
  listAds,
  listNews,
  listSponsors,
} from '../../../services/play/public-content.ts';

// Public and the same for everyone, but revalidated on every use: /api/live tells open pages to
// refetch when an admin changes them, and a refetch answered from a browser cache would show the
// old items (an edit would take up to max-age to reach the ticker).
const SHORT = 'public, no-cache';
const NEWS = SHORT;

/** GET /play/ads, /play/news, /play/sponsors, /play/settings/fonts: public, no session needed. */
export async function publicPlayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/ads',
    {
      schema: {
        summary: 'Active advertisements, highest priority first',
        tags: ['play'],
        response: { 200: adsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHORT);
      return { advertisements: await listAds(app.db) };
    },
  );
  r.get(
    '/news',
    {
      schema: {
        summary: 'Active news items, newest first (the ticker)',
        tags: ['play'],
        response: { 200: newsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', NEWS);
      return { items: await listNews(app.db) };
    },
  );
  r.get(
    '/sponsors',
    {
      schema: {
        summary: 'Sponsors, newest first',
        tags: ['play'],
        response: { 200: sponsorsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHORT);
      return { sponsors: await listSponsors(app.db) };
    },
  );
  r.get(
    '/settings/fonts',
    {
      schema: {
        summary: 'Font settings, or the product rules "Limits" defaults',
        tags: ['play'],
        response: { 200: fontsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHORT);
      return { fonts: await fontSettings(app.db) };
    },
  );
}
