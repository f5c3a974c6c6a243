import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seoSettingsSchema } from '../../../../core/api/admin-world-site.ts';
import { getSeoSettings, saveSeoSettings } from '../../../services/site-settings.ts';

const tags = ['admin: SEO'];

/**
 * /api/admin/settings/seo (product rules "Content" seo_settings): the search snippet, Open Graph tags and the
 * custom header/body/footer scripts the server writes into every public page.
 */
export async function adminSeoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings/seo',
    {
      schema: {
        tags,
        summary: 'SEO settings and custom scripts',
        response: { 200: seoSettingsSchema },
      },
    },
    async () => getSeoSettings(app.db),
  );

  r.put(
    '/settings/seo',
    {
      schema: {
        tags,
        summary: 'Save SEO settings and custom scripts',
        body: seoSettingsSchema,
        response: { 200: seoSettingsSchema },
      },
    },
    async (request) => {
      await saveSeoSettings(app.db, request.body);
      return getSeoSettings(app.db);
    },
  );
}
