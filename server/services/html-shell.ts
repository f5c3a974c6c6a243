import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FOOTER_PAGE_TITLES, type SeoSettingsValue } from '../../core/api/admin-world-site.ts';
import { isClientRoute } from '../../core/routes.ts';
import { getPage } from '../db/repositories/pages.ts';
import { getSeoSettings } from './site-settings.ts';

/** Titles of the public screens that have their own (spec §2). */
const SCREEN_TITLES: Record<string, string> = {
  '/consultants': 'The SEO Experts',
  '/consultant-submission': 'Become an SEO Consultant',
  '/landing': 'Start Your SEO Journey',
};

/**
 * Produces the HTML shell for one request with a fresh CSP nonce. For public routes (not the
 * admin area) it writes the stored SEO settings into the page so crawlers see them: <title>,
 * meta description, Open Graph tags and a canonical link, plus the admin's header, body and
 * footer scripts, each <script> carrying this response's nonce so the CSP lets it run.
 */
export async function renderShell(
  app: FastifyInstance,
  template: string,
  pathname: string,
): Promise<{ html: string; nonce: string }> {
  const nonce = randomBytes(16).toString('base64');
  const html = template.replaceAll('__CSP_NONCE__', nonce);
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return { html, nonce };
  let seo: SeoSettingsValue;
  let screenTitle: string | undefined;
  try {
    seo = await getSeoSettings(app.db);
    screenTitle = await titleOfScreen(app, pathname);
  } catch (err) {
    // The page still works without its meta tags; the game must not go down with the settings.
    app.log.error({ err }, 'SEO settings could not be read for the HTML shell');
    return { html, nonce };
  }
  return {
    html: injectSeo(html, seo, { pathname, nonce, screenTitle, baseUrl: app.config.publicUrl }),
    nonce,
  };
}

/** The title of a screen that has its own, or undefined. */
async function titleOfScreen(app: FastifyInstance, pathname: string): Promise<string | undefined> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (SCREEN_TITLES[path]) return SCREEN_TITLES[path];
  const slug = /^\/page\/([^/]+)$/.exec(path)?.[1];
  if (!slug || !Object.hasOwn(FOOTER_PAGE_TITLES, slug)) return undefined;
  const page = await getPage<{ title?: unknown }>(app.db, slug);
  const stored = page?.content.title;
  return typeof stored === 'string' && stored.trim()
    ? stored.trim()
    : FOOTER_PAGE_TITLES[slug as keyof typeof FOOTER_PAGE_TITLES];
}

export interface InjectOptions {
  pathname: string;
  nonce: string;
  /** The public base URL (config.publicUrl) for canonical and og: URLs. */
  baseUrl: string;
  /** A screen's own title, shown before the site title. */
  screenTitle?: string;
}

/** Writes SEO tags and custom scripts into an HTML shell (pure: easy to test). */
export function injectSeo(template: string, seo: SeoSettingsValue, o: InjectOptions): string {
  let html = template;
  const existingTitle = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const siteTitle = seo.seoTitle.trim() || existingTitle;
  const title =
    o.screenTitle && siteTitle ? `${o.screenTitle} | ${siteTitle}` : o.screenTitle || siteTitle;
  const description = seo.seoDescription.trim();
  const known = isClientRoute(o.pathname);

  const tags: string[] = [];
  if (description) {
    html = html.replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
    tags.push(meta('name', 'description', description));
  }
  if (!known) tags.push(meta('name', 'robots', 'noindex'));
  else tags.push(`<link rel="canonical" href="${attr(absolute(o.baseUrl, o.pathname))}">`);
  const ogTitle = seo.ogTitle.trim() || title;
  const ogDescription = seo.ogDescription.trim() || description;
  if (ogTitle) tags.push(meta('property', 'og:title', ogTitle));
  if (ogDescription) tags.push(meta('property', 'og:description', ogDescription));
  tags.push(meta('property', 'og:type', 'website'));
  if (known) tags.push(meta('property', 'og:url', absolute(o.baseUrl, o.pathname)));
  if (seo.ogImage.trim()) {
    tags.push(meta('property', 'og:image', absolute(o.baseUrl, seo.ogImage.trim())));
    tags.push(meta('name', 'twitter:card', 'summary_large_image'));
  }
  const head = [...tags, withNonce(seo.headerScripts, o.nonce)].filter(Boolean).join('\n    ');

  const titleTag = `<title>${text(title)}</title>`;
  if (/<title>[\s\S]*?<\/title>/i.test(html))
    html = html.replace(/<title>[\s\S]*?<\/title>/i, () => titleTag);
  else html = insertBefore(html, /<\/head>/i, titleTag, true);
  html = html.replace(/<title>[\s\S]*?<\/title>/i, (t) => `${t}\n    ${head}`);

  const body = withNonce(seo.bodyScripts, o.nonce);
  if (body) {
    const open = /<body[^>]*>/i.exec(html);
    html = open
      ? `${html.slice(0, open.index + open[0].length)}\n${body}${html.slice(open.index + open[0].length)}`
      : `${html}\n${body}`;
  }
  const footer = withNonce(seo.footerScripts, o.nonce);
  if (footer) html = insertBefore(html, /<\/body>/i, footer, false);
  return html;
}

/** Gives every <script> of an admin's snippet this response's nonce (the first nonce attribute wins). */
export function withNonce(snippet: string, nonce: string): string {
  const s = snippet.trim();
  return s ? s.replace(/<script\b/gi, `<script nonce="${nonce}"`) : '';
}

/** Puts a piece before the first match of `re` (else before or after the whole page). */
export function insertBefore(
  html: string,
  re: RegExp,
  piece: string,
  elsePrepend: boolean,
): string {
  const m = re.exec(html);
  if (m) return `${html.slice(0, m.index)}${piece}\n${html.slice(m.index)}`;
  return elsePrepend ? `${piece}\n${html}` : `${html}\n${piece}`;
}

function absolute(base: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function meta(kind: 'name' | 'property', key: string, content: string): string {
  return `<meta ${kind}="${key}" content="${attr(content)}">`;
}

function text(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(s: string): string {
  return text(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
