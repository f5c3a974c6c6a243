import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedText } from '../scripts/bench/routes.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** A renderer's words for a page whose server HTML and first browser render differ (React's #418/#423/#425, minified). */
const HYDRATION = /hydrat|#418|#423|#425|did not match|server rendered/i;

/** Every console error or warning and uncaught error of a page that speaks of hydration. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (['error', 'warning'].includes(msg.type()) && HYDRATION.test(msg.text())) {
      problems.push(`${msg.type()}: ${msg.text()}`);
    }
  });
  page.on('pageerror', (err) => {
    if (HYDRATION.test(err.message)) problems.push(`page error: ${err.message}`);
  });
  return problems;
}

/**
 * Opens a path, checks the served HTML already holds the words, and waits until the page is
 * idle (hydrated); returns the served HTML's text.
 */
async function openRendered(
  page: Page,
  path: string,
  words: string,
  sameWords = false,
): Promise<string> {
  const res = await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  expect(res?.status(), path).toBe(200);
  const served = servedText((await res?.text()) ?? '').replace(/\s+/g, ' ');
  expect(served, `${path}: served HTML`).toContain(words);
  await page.getByText(words).first().waitFor();
  // Hydrated (web/main.tsx marks it). A page that loads nothing more (sameWords) then shows the
  // served words in the same order: Preact hydrates without reporting a difference, so the words
  // are compared instead (spaces apart: the server's comments between texts are gone).
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
  if (!sameWords) return served;
  const shown = servedText(await page.content());
  expect(shown.replace(/\s+/g, ''), `${path}: words after hydration`).toBe(
    served.replace(/\s+/g, ''),
  );
  return served;
}

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'Start Adventure Now'],
  ['/landing', 'Start Your SEO Journey'],
  ['/page/about', 'About'],
  ['/page/how-to-play', 'How to Play'],
  ['/page/become-a-sponsor', 'Become a Sponsor'],
  ['/consultants', 'The SEO Experts'],
  ['/consultant-submission', 'Become an SEO Consultant'],
  ['/auth', 'SEO Adventure Game'],
  ['/take-a-break', 'Take a Break'],
  ['/game', 'SEO Adventure'],
];

describe.each([
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
])('server-rendered pages hydrate without a difference at $width×$height', (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ viewport });
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(PUBLIC_PAGES)('%s', async (path, words) => {
    const page = await context.newPage();
    const hydration = watchHydration(page);
    const watched = watchPage(page);
    // '/game' starts a game once hydrated: its words change.
    await openRendered(page, path, words, path !== '/game');
    expect(hydration).toEqual([]);
    expect(watched.problems).toEqual([]);
    await page.close();
  });

  it('a scene page: its words are served, it hydrates, and a click plays the next scene', async () => {
    // A new guest's game: '/game' signs in and opens the first scene.
    const own = await browser.newContext({ viewport });
    const page = await own.newPage();
    await page.goto(`${server.url}/game`);
    await page.waitForURL(/\/game\/scene\//);
    const scenePath = new URL(page.url()).pathname;
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title).toBeTruthy();

    const hydration = watchHydration(page);
    const watched = watchPage(page);
    const served = await openRendered(page, scenePath, title ?? '');
    const region = page.getByRole('region', { name: 'What will you do?' });
    for (const text of await region.getByRole('button').allInnerTexts()) {
      // '1. Check the shop' is '1 .' and the text in the HTML: the option's own words are served.
      expect(served).toContain(text.replace(/^\d+\.\s*/, '').trim());
    }
    await region.getByRole('button').and(page.locator(':not([disabled])')).first().click();
    await page.waitForURL((u) => u.pathname !== scenePath);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .not.toBe(title);
    expect(hydration).toEqual([]);
    expect(watched.problems).toEqual([]);
    await own.close();
  });

  it('a key 1-9 pressed before the app runs picks that option once it has', async () => {
    const own = await browser.newContext({ viewport });
    const page = await own.newPage();
    await page.goto(`${server.url}/game`);
    await page.waitForURL(/\/game\/scene\//);
    const scenePath = new URL(page.url()).pathname;
    // The app's script is held back until the key has been pressed on the served page.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}${scenePath}`, { waitUntil: 'commit' });
    const first = page
      .getByRole('region', { name: 'What will you do?' })
      .getByRole('button')
      .and(page.locator(':not([disabled])'))
      .first();
    await first.waitFor();
    const shortcut = (await first.getAttribute('aria-keyshortcuts')) as string;
    // The served page, not yet the app's (web/main.tsx marks the page once it has taken it over).
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(
      false,
    );
    const choice = page.waitForRequest(
      (r) => r.url().endsWith('/api/play/choices') && r.method() === 'POST',
    );
    await page.keyboard.press(shortcut);
    release();
    const body = (await choice).postDataJSON() as { optionId: string };
    expect(body.optionId).toBeTruthy();
    await page.waitForURL((u) => u.pathname !== scenePath);
    await own.close();
  });
});
