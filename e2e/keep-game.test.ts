import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { serverGame } from './support/play.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * A guest who played logs in to an account that has a saved game of its own: the player is asked
 * which game to keep, and the one they pick is the one they continue.
 */
let server: TestServer;
let browser: Browser;
const shots = process.env.E2E_SHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** Starts a game and makes `n` choices through the API with the page's own session. */
async function playThroughApi(page: Page, n: number): Promise<void> {
  const made = await page.evaluate(async (count) => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    let game = await post('/api/play/game/start', {});
    let scene: string = game.player.currentSceneId;
    let choices = 0;
    while (choices < count) {
      const view = await fetch(`/api/play/scenes/${scene}`, { credentials: 'include' }).then((r) =>
        r.json(),
      );
      const option = view.scene.options.find(
        (o: { locked: boolean; nextSceneId: string | null; nextUrl: string | null }) =>
          !o.locked && o.nextSceneId && !o.nextUrl,
      );
      if (!option) break;
      game = await post('/api/play/choices', {
        optionId: option.id,
        idempotencyKey: crypto.randomUUID(),
      });
      scene = game.nextSceneId;
      choices++;
    }
    return choices;
  }, n);
  expect(made).toBe(n);
}

async function login(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('guest game or saved game', () => {
  it('asks which game to keep, and continues the one the player picks', async () => {
    const email = `keeper${Date.now()}@example.com`;
    const password = 'keep-it-123';

    // An account with a saved game of three choices.
    const owner = await browser.newContext();
    const first = await owner.newPage();
    await first.goto(`${server.url}/auth`);
    await first.getByRole('tab', { name: 'Register' }).click();
    await first.getByLabel('Name').fill('Keeper');
    await first.getByLabel('Email').fill(email);
    await first.getByLabel('Password').fill(password);
    await first.getByRole('button', { name: 'Register' }).click();
    await first.waitForURL(`${server.url}/game/scene/intro`);
    await playThroughApi(first, 3);
    await owner.close();

    // On another browser, a guest plays one choice, then logs in to that account.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/`);
    await page.evaluate(() =>
      fetch('/api/auth/sign-in/anonymous', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    await playThroughApi(page, 1);
    await login(page, email, password);

    const dialog = page.getByRole('dialog', { name: 'Which game do you want to keep?' });
    await dialog.waitFor();
    const guest = dialog.getByRole('region', { name: 'Guest game' });
    const saved = dialog.getByRole('region', { name: 'Saved game' });
    await expect
      .poll(() =>
        guest.getByText('Choices made').locator('xpath=following-sibling::dd[1]').textContent(),
      )
      .toBe('1');
    await expect
      .poll(() =>
        saved.getByText('Choices made').locator('xpath=following-sibling::dd[1]').textContent(),
      )
      .toBe('3');
    await checkA11y(page);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/keep-game-1366.png` });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: `${shots}/keep-game-375.png` });
    }
    // Escape does not dismiss it: nothing is decided for the player.
    await page.keyboard.press('Escape');
    await dialog.waitFor();

    await guest.getByRole('button', { name: 'Keep guest game' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${server.url}/game/scene/intro`);
    expect((await serverGame(page)).choiceCount).toBe(1);
    expect((await serverGame(page)).isGuest).toBe(false);
    const open = await page.evaluate(() =>
      fetch('/api/play/game/choice', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(open).toEqual({ choice: null });
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
