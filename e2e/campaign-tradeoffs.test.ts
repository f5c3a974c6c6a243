import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The options of the campaign by id, so the test follows the words players read. */
const { scenes } = await readContent();
const options = new Map(scenes.flatMap((s) => s.options.map((o) => [o.id, o.text])));
const text = (id: string): string => {
  const t = options.get(id);
  if (!t) throw new Error(`no option '${id}' in content/scenes.json`);
  return t;
};
const optionButton = (page: Page, id: string) =>
  page
    .getByRole('region', { name: 'What will you do?' })
    .getByRole('button')
    .filter({ hasText: text(id) });

describe("the campaign's trade-offs, played in a browser", () => {
  it('a Knowledge gate locks an option until the player has learned enough; a robots.txt left blocked on day 1 costs day 2', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);

    // The shortcut first: the 'Guaranteed #1' package leaves Knowledge at 10.
    await choose(page, { text: text('intro--2') });
    expect(sceneIdOf(page)).toBe('d1-guarantee');
    // Asking for a refund needs Knowledge 12: shown, disabled, with the reason next to it.
    const refund = optionButton(page, 'd1-guarantee--3');
    await expect.poll(() => refund.isDisabled()).toBe(true);
    await page.getByText('Requires Knowledge 12').waitFor();
    await checkA11y(page);
    const before = (await serverGame(page)).stats;
    expect(before.intelligence).toBe(10);
    expect(before.gold).toBe(60);

    await choose(page, { text: text('d1-guarantee--2') }); // Knowledge 13
    await choose(page, { text: text('d1-crawl-check--2') }); // Knowledge 16
    expect(sceneIdOf(page)).toBe('d1-robots');
    // Fixing robots.txt yourself needs Knowledge 13: this player has it now.
    await expect.poll(() => optionButton(page, 'd1-robots--2').isEnabled()).toBe(true);

    // The day-1 mistake: leave the shop blocked.
    // (The flag it sets is the server's: players never see it; day 2 shows what it does.)
    await choose(page, { text: text('d1-robots--1') });
    await choose(page, { text: text('d1-titles--1') });
    await choose(page, { text: text('d1-snippets--1') });
    expect(sceneIdOf(page)).toBe('d1-end');
    await choose(page, { text: text('d1-end--1') });

    // Day 2 remembers: the coverage report only offers the blocked shop's way.
    expect(sceneIdOf(page)).toBe('d2-coverage');
    await optionButton(page, 'd2-coverage--2').waitFor();
    expect(await optionButton(page, 'd2-coverage--1').count()).toBe(0);
    await choose(page, { text: text('d2-coverage--2') });
    expect(sceneIdOf(page)).toBe('d2-still-blocked');
    // Putting it right costs the day's visitors (Traffic) and some Happiness.
    const fixed = await choose(page, { text: text('d2-still-blocked--2') });
    const after = fixed.applied.player.stats;
    // Story flags stay on the server (players never see them).
    expect(after.inventory.filter((i) => i.startsWith('Flag: '))).toEqual([]);
    const cost = Object.fromEntries(
      (fixed.applied.changes?.choice.stats ?? []).map((c) => [c.stat, c.delta]),
    );
    expect(cost.strength).toBeLessThan(0);
    expect(cost.charisma).toBe(-3);
    await checkA11y(page);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
