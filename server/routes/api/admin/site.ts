import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fontSettingsSchema } from '../../../../core/api/admin-world.ts';
import {
  FOOTER_PAGE_SLUGS,
  footerPageContentSchema,
  homeContentSchema,
  pageResponseSchema,
  seoSettingsSchema,
} from '../../../../core/api/admin-world-site.ts';
import {
  getFontSettings,
  getSeoSettings,
  readPage,
  saveFontSettings,
  saveFooterPage,
  saveHomePage,
  saveSeoSettings,
} from '../../../services/site-settings.ts';
import { documentRoutes } from './document-routes.ts';

/**
 * The website's documents under /api/admin (product rules "Content"):
 * - /settings/seo: the search snippet, Open Graph tags and the custom header/body/footer scripts
 *   the server writes into every public page;
 * - /settings/fonts ('Font Management'): saving tells open games (SSE 'content') so they apply
 *   the new fonts at once;
 * - /pages/home (the homepage editor) and /pages/:slug (the footer pages about, how-to-play,
 *   become-a-sponsor: a title and plain-text body).
 */
export async function adminSiteRoutes(app: FastifyInstance): Promise<void> {
  documentRoutes(app, {
    path: '/settings/seo',
    historyId: () => 'settings/seo',
    tags: ['admin: SEO'],
    summary: {
      read: 'SEO settings and custom scripts',
      save: 'Save SEO settings and custom scripts',
    },
    body: seoSettingsSchema,
    response: seoSettingsSchema,
    read: getSeoSettings,
    save: saveSeoSettings,
  });
  documentRoutes(app, {
    path: '/settings/fonts',
    historyId: () => 'settings/fonts',
    tags: ['admin: fonts'],
    summary: { read: 'Font settings (defaults when unset)', save: 'Save font settings' },
    body: fontSettingsSchema,
    response: fontSettingsSchema,
    read: getFontSettings,
    save: saveFontSettings,
    channel: 'content',
  });
  const pages = {
    tags: ['admin: pages'],
    response: pageResponseSchema,
    channel: 'content' as const,
  };
  documentRoutes(app, {
    ...pages,
    path: '/pages/home',
    historyId: () => 'pages/home',
    summary: {
      read: "The 'home' page",
      save: "Save the 'home' page and its search title and description",
    },
    body: homeContentSchema,
    read: (db) => readPage(db, 'home'),
    save: saveHomePage,
  });
  documentRoutes(app, {
    ...pages,
    path: '/pages/:slug',
    historyId: ({ slug }) => `pages/${slug}`,
    summary: { read: 'A footer page', save: 'Save a footer page' },
    params: z.object({ slug: z.enum(FOOTER_PAGE_SLUGS) }),
    body: footerPageContentSchema,
    read: (db, { slug }) => readPage(db, slug),
    save: (db, value, { slug }) => saveFooterPage(db, slug, value),
  });
}
