import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The Chromium every browser part of the bench drives (CHROMIUM_PATH, default Debian's). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** A fresh context of `viewport` size, signed in with `cookie` (a `name=value; name=value` header) when given. */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  cookie?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  if (cookie) {
    const domain = new URL(baseUrl).hostname;
    await context.addCookies(
      cookie.split('; ').map((c) => {
        const i = c.indexOf('=');
        return { name: c.slice(0, i), value: c.slice(i + 1), domain, path: '/' };
      }),
    );
  }
  return context;
}

/**
 * Opens each page as a first-time visitor on a phone (a fresh 375×812 context with the page's
 * cookie, in one Chromium) and returns what `visit` measured on it; the context is closed after.
 */
export async function onEachPage<P extends { path: string; cookie?: string }, R>(
  baseUrl: string,
  pages: P[],
  visit: (page: Page, p: P, browser: Browser) => Promise<R>,
): Promise<R[]> {
  const browser = await launchChromium();
  const out: R[] = [];
  try {
    for (const p of pages) {
      const context = await newContext(browser, baseUrl, { width: 375, height: 812 }, p.cookie);
      try {
        out.push(await visit(await context.newPage(), p, browser));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** SEO words the generated scene titles of the admin-list and story-map parts are made of. */
export const SEO_WORDS = [
  'audit',
  'backlink',
  'crawler',
  'keyword',
  'ranking',
  'sitemap',
  'snippet',
  'schema',
  'canonical',
  'redirect',
];
