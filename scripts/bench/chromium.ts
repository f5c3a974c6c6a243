import { type Browser, type BrowserContext, chromium } from 'playwright-core';

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
