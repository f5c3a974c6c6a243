import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePageTitle } from '../core/page-title.ts';
import { firstStartRun } from '../scripts/bench/first-start.ts';
import { checkA11y } from './support/a11y.ts';
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

/** The demo adventure's first scene (content/scenes.json). */
const FIRST_SCENE = { id: 'intro', path: '/game/scene/intro' };

describe.each([
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
])('first visit: Start on the home page ($name)', ({ viewport }) => {
  it('opens the first scene with at most 2 API requests, titled from its first paint', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const watched = watchPage(page);
    const run = await firstStartRun(page, server.url, { choice: false });
    // One request makes the guest, starts the game and brings the scene, sent after the scene's
    // first paint (web/routes/start-button.ts): nothing else goes before the options.
    expect(run.start.api.length, run.start.api.join('\n')).toBeLessThanOrEqual(2);
    expect(run.start.api.filter((url) => url !== '/api/play/start')).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(FIRST_SCENE.path);
    // The tab says the scene's title at the moment its options are there, not 'Game Home'.
    expect(run.start.title).toBe(gamePageTitle(run.start.heading));
    expect(run.start.title).not.toMatch(/Game Home/);
    // The server keeps this guest's game on that scene (once the start has answered: the
    // options may be on screen before it).
    const readGame = () =>
      page.evaluate(() =>
        fetch('/api/play/game', { credentials: 'include' }).then((r) => r.json()),
      );
    await expect
      .poll(async () => (await readGame()).player?.currentSceneId, { timeout: 15_000 })
      .toBe(FIRST_SCENE.id);
    expect((await readGame()).player).toMatchObject({ isGuest: true });
    await checkA11y(page);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});

/** Opens `/` in `page` and waits until the app has taken the start button over. */
async function openStart(page: Page) {
  await page.goto(`${server.url}/`);
  const start = page.getByRole('link', { name: 'Start Adventure Now', exact: true });
  await start.waitFor();
  // The app marks the page once it has taken it over (web/main.tsx).
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 });
  return start;
}

describe('first visit: Start painted ahead of its answer', () => {
  it("carries V8's compile hint on the first line of the code Start runs", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const scripts = new Map<string, string>();
    page.on('response', async (r) => {
      const name = new URL(r.url()).pathname.match(/^\/assets\/([a-z-]+)-[\w-]{8}\.js$/)?.[1];
      if (name) scripts.set(name, await r.text().catch(() => ''));
    });
    await openStart(page);
    await page.waitForLoadState('networkidle');
    // vite.config.ts compileHints: compiled as they load, not inside the click.
    for (const name of ['index', 'compat', 'game-layout', 'scene', 'use-choice-flow']) {
      expect(scripts.get(name)?.split('\n', 1)[0], name).toBe('//# allFunctionsCalledOnLoad');
    }
    await context.close();
  });

  it('renders the first scene within the click itself: no route is left to load', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await openStart(page);
    const shown = await page.evaluate(() => {
      const start = Array.prototype.find.call(
        document.querySelectorAll('a'),
        (a: Element) => (a.textContent ?? '').trim() === 'Start Adventure Now',
      ) as HTMLAnchorElement;
      start.click();
      // Still inside the click's task: what the router rendered before giving the thread back.
      // The history entry waits until the scene is on screen (web/lib/held-history.ts).
      return {
        path: location.pathname,
        heading: document.querySelector('h1')?.textContent ?? '',
        title: document.title,
        options: document.querySelectorAll('#options-heading ~ ol button').length,
      };
    });
    expect(shown.path).toBe('/');
    expect(shown.title).toBe(gamePageTitle(shown.heading));
    expect(shown.options).toBeGreaterThan(0);
    await page.waitForURL((url) => url.pathname === FIRST_SCENE.path);
    // One entry pushed: Back returns to the start screen.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('shows the first scene before the start answers; a decision waits for it and is saved', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    // Every API request and answer from the click on, in order, and every refusal.
    const events: string[] = [];
    const refused: string[] = [];
    let clicked = false;
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (clicked && path.startsWith('/api/')) events.push(`sent ${path}`);
    });
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/api/')) return;
      if (clicked) events.push(`answered ${path}`);
      if (r.status() >= 400) refused.push(`${r.status()} ${path}`);
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/play/start', async (route) => {
      await held;
      await route.continue();
    });
    const start = await openStart(page);
    clicked = true;
    await start.click();
    const options = page.locator('#options-heading ~ ol button');
    await options.first().waitFor();
    // The options are on screen, titled, while the start has not answered; the address follows
    // once the scene is on screen.
    await page.waitForURL((url) => url.pathname === FIRST_SCENE.path);
    const heading = (await page.locator('h1').first().textContent())?.trim() ?? '';
    expect(await page.title()).toBe(gamePageTitle(heading));
    expect(events).not.toContain('answered /api/play/start');
    // Nothing that needs the session leaves before its answer: no session, game, scenes, stream.
    const firstOption = page.locator('#options-heading ~ ol button:not([disabled])').first();
    await firstOption.click();
    await page.waitForTimeout(300);
    expect(events.filter((e) => e.startsWith('sent'))).toEqual(['sent /api/play/start']);
    release();
    await page.waitForURL((url) => url.pathname !== FIRST_SCENE.path);
    await expect
      .poll(() => events.includes('answered /api/play/choices'), { timeout: 15_000 })
      .toBe(true);
    // The decision left after the start's answer, and the server has it.
    const answered = events.indexOf('answered /api/play/start');
    const chose = events.indexOf('sent /api/play/choices');
    expect(answered, events.join('\n')).toBeGreaterThanOrEqual(0);
    expect(chose, events.join('\n')).toBeGreaterThan(answered);
    expect(events.filter((e) => e === 'sent /api/play/start')).toHaveLength(1);
    const game = await page.evaluate(() =>
      fetch('/api/play/game', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(game.player).toMatchObject({ choiceCount: 1, isGuest: true });
    expect(game.player.currentSceneId).not.toBe(FIRST_SCENE.id);
    expect(refused).toEqual([]);
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it("goes back to the start screen with the server's words when the start is refused", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const message = 'Too many new games from your network. Please wait a minute.';
    await page.route('**/api/play/start', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too Many Requests', message, code: 'rate_limited' }),
      }),
    );
    const start = await openStart(page);
    await start.click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: message }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await start.getAttribute('aria-describedby')).toBe('start-error');
    // Nothing half-done: no session, no game.
    const session = await page.evaluate(() =>
      fetch('/api/session', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(session.user).toBeNull();
    // Once the server takes it, Start goes to the first scene.
    await page.unroute('**/api/play/start');
    await start.click();
    await page.waitForURL(`${server.url}${FIRST_SCENE.path}`);
    await page.locator('#options-heading ~ ol button').first().waitFor();
    await context.close();
  });
});

describe('first visit: Start, then again', () => {
  it('a double click starts one game, and a returning visitor continues theirs', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const starts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/play/start') starts.push(r.url());
    });
    await page.goto(`${server.url}/`);
    const start = page.getByRole('link', { name: 'Start Adventure Now', exact: true });
    await start.waitFor();
    await page.waitForLoadState('networkidle');
    await start.dblclick();
    await page.waitForURL(`${server.url}${FIRST_SCENE.path}`);
    await page.locator('#options-heading ~ ol button').first().waitFor();
    expect(starts).toHaveLength(1);
    // A decision, then Start on the home page again: the game goes on where it is.
    await page.locator('#options-heading ~ ol button:not([disabled])').first().click();
    await page.waitForURL((url) => url.pathname !== FIRST_SCENE.path);
    const after = await page.evaluate(() =>
      fetch('/api/play/game', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(after.player.choiceCount).toBe(1);
    await page.goto(`${server.url}/`);
    await start.click();
    await page.waitForURL((url) => url.pathname !== '/');
    await page.locator('#options-heading ~ ol button').first().waitFor();
    const again = await page.evaluate(() =>
      fetch('/api/play/game', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(again.player.choiceCount).toBe(1);
    expect(again.player.currentSceneId).toBe(after.player.currentSceneId);
    await context.close();
  });

  it('says why when the server refuses, next to the button', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const start = page.getByRole('link', { name: 'Start Adventure Now', exact: true });
    await start.waitFor();
    await page.waitForLoadState('networkidle');
    // The network drops the request: the player reads what happened and may try again.
    await page.route('**/api/play/start', (route) => route.abort('connectionfailed'));
    await start.click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Could not reach the server' }).count())
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.unroute('**/api/play/start');
    await start.click();
    await page.waitForURL(`${server.url}${FIRST_SCENE.path}`);
    await context.close();
  });
});
