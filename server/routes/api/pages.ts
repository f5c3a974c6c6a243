import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  isPageSlug,
  pageResponseSchema,
  slugParamsSchema,
} from '../../../core/api/admin-world-site.ts';
import { HttpError } from '../../errors.ts';
import { readPage } from '../../services/site-settings.ts';

/**
 * GET /api/pages/:slug (public): 'home' for the start screen and the footer pages (about,
 * how-to-play, become-a-sponsor). The content is parsed JSON: home has title, subtitle,
 * description, buttonText, seoTitle, seoDescription; a footer page has title and body.
 */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pages/:slug',
    {
      schema: {
        tags: ['pages'],
        summary: 'A public page by slug',
        params: slugParamsSchema,
        response: { 200: pageResponseSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      if (!isPageSlug(slug)) throw new HttpError(404, 'Page not found');
      reply.header('cache-control', 'no-cache');
      return readPage(app.db, slug);
    },
  );
}
