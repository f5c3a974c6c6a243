import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayScene } from '../core/api/play.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, sceneIdOf } from './support/play.ts';
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

/** More choices than any path of the demo adventure needs: a loop would stop here. */
const MAX_CHOICES = 60;

async function sceneOf(page: Page, id: string): Promise<PlayScene> {
  const body = await page.evaluate(async (sceneId) => {
    const res = await fetch(`/api/play/scenes/${encodeURIComponent(sceneId)}`);
    return res.json();
  }, id);
  return (body as { scene: PlayScene }).scene;
}

/**
 * A new guest starts the shipped adventure at `intro` and always picks the first (or last)
 * option the screen offers, passing events and ads, until the server says the scene is an
 * ending. Returns the ending's id and the path.
 */
async function playToEnding(which: 'first' | 'last'): Promise<{ ending: string; path: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto(`${server.url}/game`);
  await page.waitForURL(`${server.url}/game/scene/intro`);
  const path = ['intro'];
  for (;;) {
    const id = sceneIdOf(page) as string;
    const scene = await sceneOf(page, id);
    if (scene.isEnding) {
      // An ending takes no choices: the screen says so and offers the way back.
      expect(scene.takesChoices).toBe(false);
      await page.getByRole('heading', { level: 1, name: scene.title }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'The End' }).waitFor();
      await page.getByRole('link', { name: 'Return to Game Home' }).waitFor();
      expect(watched.problems).toEqual([]);
      await context.close();
      return { ending: id, path };
    }
    if (path.length > MAX_CHOICES) throw new Error(`no ending after ${MAX_CHOICES}: ${path}`);
    const step = await choose(page, which);
    path.push(step.applied.nextSceneId);
  }
}

describe('the demo adventure', () => {
  it('ends when a player always takes the first option, and elsewhere always taking the last', async () => {
    const first = await playToEnding('first');
    const last = await playToEnding('last');
    expect(first.path[0]).toBe('intro');
    expect(last.path[0]).toBe('intro');
    expect(first.ending).toMatch(/^ending-/);
    expect(last.ending).toMatch(/^ending-/);
    expect(last.ending).not.toBe(first.ending);
    // Several game days go by on the way (end-of-day scenes are named d{n}-end).
    expect(first.path.filter((id) => /^d\d+-end$/.test(id)).length).toBeGreaterThanOrEqual(4);
  });
});
