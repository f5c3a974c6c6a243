import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, expectPanelShows, type Step, sceneIdOf, serverGame } from './support/play.ts';
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

/** The demo adventure's first-option path is 25 choices long; events and ads are sure by then. */
const MAX_CHOICES = 24;

/** Plays first options until at least 6 choices, an advertisement and a random event were seen. */
async function playUntilAdAndEvent(page: Page): Promise<Step[]> {
  const steps: Step[] = [];
  const seen = () => ({
    ad: steps.some((s) => s.interlude === 'ad'),
    event: steps.some((s) => s.interlude === 'event'),
  });
  while (steps.length < 6 || !seen().ad || !seen().event) {
    if (steps.length >= MAX_CHOICES) {
      throw new Error(`no ad and event in ${MAX_CHOICES} choices: ${JSON.stringify(seen())}`);
    }
    steps.push(await choose(page, 'first'));
  }
  return steps;
}

describe('playing the demo adventure', () => {
  it('a guest starts from /, plays through an ad and a random event, reloads and resumes elsewhere', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);

    await page.goto(`${server.url}/`);
    // One click from / to the first scene: no game home for a player with no game yet.
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'New Game Started' }).waitFor();
    const start = await serverGame(page);
    expect(start.isGuest).toBe(true);
    expect(start.currentSceneId).toBe('intro');
    await expectPanelShows(page, start.stats);
    await checkA11y(page);

    const steps = await playUntilAdAndEvent(page);
    expect(steps.length).toBeGreaterThanOrEqual(6);
    // Every step went from the scene the previous one arrived at.
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]?.from).toBe(steps[i - 1]?.applied.nextSceneId);
    }
    const last = steps.at(-1)?.applied as Step['applied'];
    await checkA11y(page);

    // A reload shows the same scene and the same stats.
    await page.reload();
    expect(sceneIdOf(page)).toBe(last.nextSceneId);
    await expectPanelShows(page, last.player.stats);

    // Keys 1–9 pick options: '1' makes the next choice.
    const response = page.waitForResponse((r) => r.url().endsWith('/api/play/choices'));
    await page
      .getByRole('region', { name: 'What will you do?' })
      .getByRole('button')
      .first()
      .waitFor();
    await page.keyboard.press('1');
    const byKey = (await (await response).json()) as Step['applied'];
    await page.waitForURL(
      (u) =>
        u.pathname === `/game/scene/${byKey.nextSceneId}` ||
        /^\/game\/(random-event|advertisement\/)/.test(u.pathname),
    );
    const saved = await serverGame(page);
    expect(saved.currentSceneId).toBe(byKey.nextSceneId);
    expect(saved.stats).toEqual(byKey.player.stats);

    // Another browser context of the same (guest) account: the game home names the saved scene
    // and 'Continue Adventure' opens it with the same stats.
    const other = await browser.newContext({ storageState: await context.storageState() });
    const page2 = await other.newPage();
    const watched2 = watchPage(page2);
    await page2.goto(`${server.url}/game`);
    const title = saved.currentSceneTitle as string;
    await page2.getByTestId('progress').filter({ hasText: title }).waitFor();
    await page2.getByRole('button', { name: 'Continue Adventure' }).click();
    await page2.waitForURL(`${server.url}/game/scene/${saved.currentSceneId}`);
    await page2.locator('[data-sonner-toast]').filter({ hasText: 'Game Continued' }).waitFor();
    await page2.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectPanelShows(page2, saved.stats);

    expect(watched.problems).toEqual([]);
    expect(watched2.problems).toEqual([]);
    await other.close();
    await context.close();
  });

  it('an account continues in a new browser context after logging in there', async () => {
    const email = `milliner${Date.now()}@example.com`;
    const a = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await a.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name').fill('Milli Ner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('feltfedora1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    const steps = [await choose(page, 'last'), await choose(page, 'first')];
    const saved = await serverGame(page);
    expect(saved.isGuest).toBe(false);
    expect(saved.currentSceneId).toBe(steps[1]?.applied.nextSceneId);
    await checkA11y(page);

    const b = await browser.newContext();
    const page2 = await b.newPage();
    await page2.goto(`${server.url}/auth`);
    await page2.getByLabel('Email').fill(email);
    await page2.getByLabel('Password').fill('feltfedora1');
    await page2.getByRole('button', { name: 'Login', exact: true }).click();
    await page2.waitForURL(/\/game\/scene\//);
    await page2.goto(`${server.url}/game`);
    await page2
      .getByTestId('progress')
      .filter({ hasText: saved.currentSceneTitle as string })
      .waitFor();
    await page2.getByRole('button', { name: 'Continue Adventure' }).click();
    await page2.waitForURL(`${server.url}/game/scene/${saved.currentSceneId}`);
    await expectPanelShows(page2, saved.stats);
    expect(watched.problems).toEqual([]);
    await b.close();
    await a.close();
  });

  it('the back button leads to Take a Break; missing scenes go back to the saved one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/game`);
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await page.getByRole('region', { name: 'What will you do?' }).waitFor();

    await page.goBack();
    await page.waitForURL(`${server.url}/take-a-break`);
    await page.getByRole('heading', { level: 1, name: 'Take a Break' }).waitFor();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);

    // A real 404 for crawlers; the player is taken back to the saved scene with a toast.
    const missing = await page.goto(`${server.url}/game/scene/no-such-scene`);
    expect(missing?.status()).toBe(404);
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Scene Not Found' })
      .filter({ hasText: 'That scene does not exist' })
      .waitFor();
    await page.goto(`${server.url}/game/scene/12345`);
    await page.waitForURL(`${server.url}/game`);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
