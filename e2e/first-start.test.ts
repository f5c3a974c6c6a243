import type { Browser } from 'playwright-core';
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
    // One request makes the guest, starts the game and brings the scene: nothing else first.
    expect(run.start.api.length, run.start.api.join('\n')).toBeLessThanOrEqual(2);
    expect(run.start.api[0]).toBe('/api/play/start');
    expect(new URL(page.url()).pathname).toBe(FIRST_SCENE.path);
    // The tab says the scene's title at the moment its options are there, not 'Game Home'.
    expect(run.start.title).toBe(gamePageTitle(run.start.heading));
    expect(run.start.title).not.toMatch(/Game Home/);
    // The server keeps this guest's game on that scene.
    const game = await page.evaluate(() =>
      fetch('/api/play/game', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(game.player).toMatchObject({ currentSceneId: FIRST_SCENE.id, isGuest: true });
    await checkA11y(page);
    expect(watched.problems).toEqual([]);
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
