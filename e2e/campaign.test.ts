import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayScene } from '../core/api/play.ts';
import { RECEIPT_PREFIX } from '../core/game/items.ts';
import { shortcutPicker } from '../scripts/story/styles.ts';
import { readContent } from '../server/content/content-files.ts';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, sceneIdOf, serverGame } from './support/play.ts';
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

/** More choices than any path of the demo campaign needs: a loop would stop here. */
const MAX_CHOICES = 60;
/** Where buying every shortcut must end (content/README.md; `npm run lint:story` checks it too). */
const BAD_ENDINGS = ['ending-manual-action', 'ending-out-of-budget'];

describe("the campaign 'Brim & Proper'", () => {
  it('buying every shortcut ends badly, and the ending lists what was bought', async () => {
    const { scenes } = await readContent();
    const byId = new Map(scenes.map((s) => [s.id, s]));
    const pick = shortcutPicker(byId, 'Flag: Spam');
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await checkA11y(page);

    const path = ['intro'];
    let scene: PlayScene;
    for (;;) {
      const id = sceneIdOf(page) as string;
      scene = await page.evaluate(async (sceneId) => {
        const res = await fetch(`/api/play/scenes/${encodeURIComponent(sceneId)}`);
        return ((await res.json()) as { scene: PlayScene }).scene;
      }, id);
      if (scene.isEnding) break;
      if (path.length > MAX_CHOICES) throw new Error(`no ending after ${MAX_CHOICES}: ${path}`);
      // The shortcut buyer of the story check, choosing among the options this player can take.
      const open = new Set(scene.options.filter((o) => !o.locked).map((o) => o.id));
      const content = byId.get(id);
      if (!content) throw new Error(`scene '${id}' is not in content/scenes.json`);
      const option = pick(
        content.options.filter((o) => open.has(o.id)),
        { scene: content, stats: (await serverGame(page)).stats },
      );
      const step = await choose(page, { text: option.text });
      path.push(step.applied.nextSceneId);
    }

    const ending = sceneIdOf(page) as string;
    expect(BAD_ENDINGS).toContain(ending);
    await page.getByRole('heading', { level: 1, name: scene.title }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'What you learned' }).waitFor();
    // The server sends a finished game's purchases as its recap, never in the inventory.
    const game = await serverGame(page);
    expect(game.stats.inventory.some((item) => item.startsWith(RECEIPT_PREFIX))).toBe(false);
    const bought = game.recap?.bought ?? [];
    // The very first choice of this player is the 'Guaranteed #1' package.
    expect(bought).toContain("'Guaranteed #1' package");
    expect(bought.length).toBeGreaterThanOrEqual(3);
    const shown = await page
      .getByRole('list', { name: 'Purchases' })
      .getByRole('listitem')
      .allTextContents();
    expect(shown).toEqual(bought);
    await checkA11y(page);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
