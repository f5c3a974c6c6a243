import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fontSettingsSchema } from '../../../../core/api/admin-world.ts';
import { publish } from '../../../live/bus.ts';
import { getFontSettings, saveFontSettings } from '../../../services/site-settings.ts';

const tags = ['admin: fonts'];

/**
 * /api/admin/settings/fonts (product rules "Screens" 'Font Management', "Content" font_settings). Saving tells open
 * games (SSE 'content') so they apply the new fonts at once.
 */
export async function adminFontRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings/fonts',
    {
      schema: {
        tags,
        summary: 'Font settings (defaults when unset)',
        response: { 200: fontSettingsSchema },
      },
    },
    async () => getFontSettings(app.db),
  );

  r.put(
    '/settings/fonts',
    {
      schema: {
        tags,
        summary: 'Save font settings',
        body: fontSettingsSchema,
        response: { 200: fontSettingsSchema },
      },
    },
    async (request) => {
      await saveFontSettings(app.db, request.body);
      await publish(app, 'content');
      return getFontSettings(app.db);
    },
  );
}
