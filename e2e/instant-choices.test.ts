import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceApplied, PlayScene } from '../core/api/play.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { expectPanelShows, sceneIdOf, serverGame } from './support/play.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

// One choice a minute: the second is refused by the server (429), for real. The second leads to
// the 3rd scene, which no event or advertisement precedes, so it is painted before its answer.
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { CHOICE_LIMIT: '1' } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** The scene on screen as the server shows it to this player. */
async function sceneOnScreen(page: Page): Promise<PlayScene> {
  const id = sceneIdOf(page);
  if (!id) throw new Error(`not on a scene: ${page.url()}`);
  const body = await page.evaluate(async (sceneId) => {
    const res = await fetch(`/api/play/scenes/${encodeURIComponent(sceneId)}`);
    return res.json();
  }, id);
  return (body as { scene: PlayScene }).scene;
}

/** The first option a player can take that leads to a scene, and that scene's title. */
async function firstOption(page: Page): Promise<{ text: string; next: string; title: string }> {
  const scene = await sceneOnScreen(page);
  const option = scene.options.find(
    (o) => !o.locked && !o.isPending && !o.nextUrl && o.nextSceneId,
  );
  if (!option?.nextSceneId) throw new Error(`no option to take on ${scene.id}`);
  const next = await page.evaluate(async (id) => {
    const res = await fetch(`/api/play/scenes/${encodeURIComponent(id)}`);
    return res.json();
  }, option.nextSceneId);
  return {
    text: option.text,
    next: option.nextSceneId,
    title: (next as { scene: PlayScene }).scene.title,
  };
}

/** Holds POST /api/play/choices until `release` is called; the request then goes on unchanged. */
async function holdChoices(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = false;
  const handler = async (route: Route) => {
    seen = true;
    await held;
    await route.continue();
  };
  await page.route('**/api/play/choices', handler);
  return {
    release,
    wasSeen: () => seen,
    stop: () => page.unroute('**/api/play/choices', handler),
  };
}

describe('instant choices', () => {
  it('paints the next scene before the choice answers, and rolls a refused choice back with its message', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    const prefetched = page.waitForResponse((r) => r.url().includes('/api/play/scenes?ids='));
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    expect((await prefetched).status()).toBe(200);
    const before = await serverGame(page);

    // 1. Held choice: the next scene is on screen while the answer is still held back.
    const target = await firstOption(page);
    const hold = await holdChoices(page);
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/play/choices') && r.request().method() === 'POST',
    );
    await page
      .getByRole('region', { name: 'What will you do?' })
      .getByRole('button', { name: target.text })
      .click();
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: 2000 });
    expect(hold.wasSeen()).toBe(true);
    // The address follows the painted scene a frame later (web/lib/held-history.ts).
    await expect.poll(() => sceneIdOf(page)).toBe(target.next);
    // The server has not moved the player yet: the paint did not wait for it.
    expect((await serverGame(page)).currentSceneId).toBe(before.currentSceneId);
    hold.release();
    const applied = (await (await answered).json()) as ChoiceApplied;
    await hold.stop();
    expect(applied.nextSceneId).toBe(target.next);
    expect(applied.nextScene?.id).toBe(target.next);
    // A first choice is never interrupted (e2e/instant-interruptions.test.ts covers those).
    expect(applied.show).toEqual({});
    await expectPanelShows(page, applied.player.stats);

    // 2. The second is refused (rate limit): back on the scene before, with the server's message.
    const stay = await firstOption(page);
    expect((await sceneOnScreen(page)).choiceMayInterrupt).toBe(false);
    const held = await holdChoices(page);
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/play/choices') && r.request().method() === 'POST',
    );
    await page
      .getByRole('region', { name: 'What will you do?' })
      .getByRole('button', { name: stay.text })
      .click();
    // Painted at once, then taken back when the refusal arrives.
    await page.getByRole('heading', { level: 1, name: stay.title }).waitFor({ timeout: 2000 });
    await expect.poll(() => sceneIdOf(page)).toBe(stay.next);
    held.release();
    const refusal = await refused;
    await held.stop();
    expect(refusal.status()).toBe(429);
    const { message } = (await refusal.json()) as { message: string };
    const dialog = page.getByRole('dialog', { name: 'Navigation Error' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(message);
    expect(sceneIdOf(page)).toBe(applied.nextSceneId);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1, name: applied.nextScene!.title }).waitFor();
    await expectPanelShows(page, applied.player.stats);
    expect((await serverGame(page)).currentSceneId).toBe(applied.nextSceneId);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
