import type { FastifyInstance } from 'fastify';
import { FOOTER_PAGE_SLUGS, type PageSlug } from '../../core/api/admin-world-site.ts';
import { readPage } from '../services/site-settings.ts';

/** The public pages crawlers may index (product rules "Screens"), as listed in sitemap.xml. */
const SITEMAP_PATHS = [
  '/',
  '/landing',
  '/consultants',
  '/consultant-submission',
  ...FOOTER_PAGE_SLUGS.map((slug) => `/page/${slug}`),
];

/**
 * GET /robots.txt (the admin area and the API are not for crawlers) and GET /sitemap.xml (the
 * public pages, absolute URLs from PUBLIC_URL, pages with their last edit).
 */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const base = app.config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api',
      'Allow: /',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls: string[] = [];
    for (const path of SITEMAP_PATHS) {
      const slug = path === '/' ? 'home' : path.startsWith('/page/') ? path.slice(6) : null;
      const updatedAt = slug ? (await readPage(app.db, slug as PageSlug)).updatedAt : null;
      const lastmod = updatedAt ? `<lastmod>${updatedAt.slice(0, 10)}</lastmod>` : '';
      urls.push(`  <url><loc>${xml(`${base}${path}`)}</loc>${lastmod}</url>`);
    }
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  });
}

function xml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
