import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FOOTER_PAGE_SLUGS,
  footerPageContentSchema,
  homeContentSchema,
  pageResponseSchema,
} from '../../../../core/api/admin-world-site.ts';
import { publish } from '../../../live/bus.ts';
import { readPage, saveFooterPage, saveHomePage } from '../../../services/site-settings.ts';

const tags = ['admin: pages'];
const footerParams = z.object({ slug: z.enum(FOOTER_PAGE_SLUGS) });

/**
 * /api/admin/pages: the homepage editor (pages 'home', product rules "Content"/"Data") and the footer pages
 * editor (about, how-to-play, become-a-sponsor: a title and plain-text body).
 */
export async function adminPageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/pages/home',
    { schema: { tags, summary: "The 'home' page", response: { 200: pageResponseSchema } } },
    async () => readPage(app.db, 'home'),
  );

  r.put(
    '/pages/home',
    {
      schema: {
        tags,
        summary: "Save the 'home' page and its search title and description",
        body: homeContentSchema,
        response: { 200: pageResponseSchema },
      },
    },
    async (request) => {
      await saveHomePage(app.db, request.body);
      await publish(app, 'content');
      return readPage(app.db, 'home');
    },
  );

  r.get(
    '/pages/:slug',
    {
      schema: {
        tags,
        summary: 'A footer page',
        params: footerParams,
        response: { 200: pageResponseSchema },
      },
    },
    async (request) => readPage(app.db, request.params.slug),
  );

  r.put(
    '/pages/:slug',
    {
      schema: {
        tags,
        summary: 'Save a footer page',
        params: footerParams,
        body: footerPageContentSchema,
        response: { 200: pageResponseSchema },
      },
    },
    async (request) => {
      await saveFooterPage(app.db, request.params.slug, request.body);
      await publish(app, 'content');
      return readPage(app.db, request.params.slug);
    },
  );
}
