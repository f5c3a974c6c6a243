import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
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

/** GET /play/ads, /play/news, /play/sponsors, /play/settings/fonts: public, no session needed. */
export async function publicPlayRoutes(app: FastifyInstance): Promise<void> {
  /** One public read: its summary, its answer's schema and how to make the answer. */
  function publicRead<S extends z.ZodType>(
    url: string,
    summary: string,
    response: S,
    answer: () => Promise<z.input<S>>,
  ): void {
    const options: RouteShorthandOptions = {
      schema: { summary, tags: ['play'], response: { 200: response } },
    };
    app.get(url, options, async (_request, reply) => {
      reply.header('cache-control', SHORT);
      return answer();
    });
  }
  const ads = async () => ({ advertisements: await listAds(app.db) });
  const news = async () => ({ items: await listNews(app.db) });
  const sponsors = async () => ({ sponsors: await listSponsors(app.db) });
  const fonts = async () => ({ fonts: await fontSettings(app.db) });
  publicRead('/ads', 'Active advertisements, highest priority first', adsResponseSchema, ads);
  publicRead('/news', 'Active news items, newest first (the ticker)', newsResponseSchema, news);
  publicRead('/sponsors', 'Sponsors, newest first', sponsorsResponseSchema, sponsors);
  const fontsSummary = 'Font settings, or the product rules "Limits" defaults';
  publicRead('/settings/fonts', fontsSummary, fontsResponseSchema, fonts);
}
