import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SeoSettingsValue } from '../../core/api/admin-world-site.ts';
import { isClientRoute, isPrivateRoute } from '../../core/routes.ts';
import { type PageMeta, pageMeta } from './page-meta.ts';
import { getSeoSettings } from './site-settings.ts';

/**
 * Produces the HTML shell for one request with a fresh CSP nonce, and whether the path has a
 * page (`found`; false answers 404). For public routes (not the admin area) it writes the stored
 * SEO settings into the page so crawlers see them: <title>, the screen's own meta description
 * (else the site's), Open Graph tags and a canonical link (game pages and /auth: noindex and no
 * canonical), plus the admin's header, body and footer scripts, each <script> carrying this
 * response's nonce so the CSP lets it run.
 */
export async function renderShell(
  app: FastifyInstance,
  template: string,
  pathname: string,
): Promise<{ html: string; nonce: string; found: boolean }> {
  const nonce = randomBytes(16).toString('base64');
  const html = template.replaceAll('__CSP_NONCE__', nonce);
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return { html, nonce, found: true };
  let seo: SeoSettingsValue;
  let meta: PageMeta;
  try {
    [seo, meta] = await Promise.all([getSeoSettings(app.db), pageMeta(app.db, pathname)]);
  } catch (err) {
    // The page still works without its meta tags; the game must not go down with the settings.
    app.log.error({ err }, 'SEO settings could not be read for the HTML shell');
    return { html, nonce, found: isClientRoute(pathname) };
  }
  const options: InjectOptions = {
    pathname,
    nonce,
    baseUrl: app.config.publicUrl,
    found: meta.found,
    ...(meta.title ? { screenTitle: meta.title } : {}),
    ...(meta.fullTitle ? { fullTitle: meta.fullTitle } : {}),
    ...(meta.description ? { description: meta.description } : {}),
  };
  return { html: injectSeo(html, seo, options), nonce, found: meta.found };
}

export interface InjectOptions {
  pathname: string;
  nonce: string;
  /** The public base URL (config.publicUrl) for canonical and og: URLs. */
  baseUrl: string;
  /** A screen's own title, shown before the site title. */
  screenTitle?: string;
  /** A screen's own meta description, used instead of the site's. */
  description?: string;
  /** A game screen's whole tab title (core/page-title.ts): used as is. */
  fullTitle?: string;
  /** Whether the path has a page (default: it is a client route); false is noindex. */
  found?: boolean;
}

/** Writes SEO tags and custom scripts into an HTML shell (pure: easy to test). */
export function injectSeo(template: string, seo: SeoSettingsValue, o: InjectOptions): string {
  let html = template;
  const existingTitle = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const siteTitle = seo.seoTitle.trim() || existingTitle;
  const title =
    o.fullTitle ||
    (o.screenTitle && siteTitle ? `${o.screenTitle} | ${siteTitle}` : o.screenTitle || siteTitle);
  const description = o.description?.trim() || seo.seoDescription.trim();
  const known = o.found ?? isClientRoute(o.pathname);
  // Game pages and /auth are one player's own: never indexed, no canonical address.
  const indexable = known && !isPrivateRoute(o.pathname);

  const tags: string[] = [];
  if (description) {
    html = html.replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
    tags.push(meta('name', 'description', description));
  }
  if (!indexable) tags.push(meta('name', 'robots', 'noindex'));
  else tags.push(`<link rel="canonical" href="${attr(absolute(o.baseUrl, o.pathname))}">`);
  const ogTitle = seo.ogTitle.trim() || title;
  const ogDescription = seo.ogDescription.trim() || description;
  if (ogTitle) tags.push(meta('property', 'og:title', ogTitle));
  if (ogDescription) tags.push(meta('property', 'og:description', ogDescription));
  tags.push(meta('property', 'og:type', 'website'));
  if (indexable) tags.push(meta('property', 'og:url', absolute(o.baseUrl, o.pathname)));
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
