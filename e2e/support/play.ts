import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ChoiceApplied, PlayerGame, PlayerStatsView } from '../../core/api/play.ts';
import { playerItems } from '../../core/game/items.ts';
import { formatStat, STAT_LABELS } from '../../core/game/stats.ts';
import { STAT_KEYS } from '../../core/game/stats.types.ts';

/**
 * The 'Player Stats' panel as rows 'Label: value' plus the inventory and the lessons learned, as
 * the player reads them.
 */
export async function statsPanel(page: Page): Promise<string[]> {
  const panel = page.getByRole('region', { name: 'Player Stats' });
  await panel.locator('[data-stat]').first().waitFor();
  const rows = await panel.locator('[data-stat]').evaluateAll((els) =>
    els.map((el) => {
      const dt = el.querySelector('dt')?.textContent ?? '';
      const dd = el.querySelector('dd')?.textContent ?? '';
      return `${dt}: ${dd}`;
    }),
  );
  const listed = (name: string) =>
    panel
      .getByRole('list', { name, exact: true })
      .locator('li')
      .evaluateAll((els) => els.map((el) => el.textContent));
  const [items, lessons] = await Promise.all([listed('Inventory'), listed('Lessons learned')]);
  return [...rows, `Inventory: ${items.join(', ')}`, `Lessons learned: ${lessons.join(', ')}`];
}

/**
 * What the stats panel must show for these server stats (labels and '$' per product rules
 * "Screens"/"Limits"; items and lessons by the naming convention of core/game/items.ts: no
 * story flags).
 */
function expectedPanel(stats: PlayerStatsView): string[] {
  const { items, lessons } = playerItems(stats.inventory);
  return [
    ...STAT_KEYS.map((key) => `${STAT_LABELS[key]}: ${formatStat(key, stats[key])}`),
    `Inventory: ${items.join(', ')}`,
    `Lessons learned: ${lessons.join(', ')}`,
  ];
}

/** GET /api/play/game with the page's own session: the server's state of this player. */
export async function serverGame(page: Page): Promise<PlayerGame> {
  const body = await page.evaluate(async () => {
    const res = await fetch('/api/play/game', { credentials: 'include' });
    return res.json();
  });
  return (body as { player: PlayerGame }).player;
}

/** Waits until the stats panel shows exactly the server's stats (it refetches after a choice). */
export async function expectPanelShows(page: Page, stats: PlayerStatsView): Promise<void> {
  const want = expectedPanel(stats);
  await expect.poll(() => statsPanel(page), { timeout: 10_000 }).toEqual(want);
}

/** The scene id in the address bar, or null when the page is not a scene. */
export function sceneIdOf(page: Page): string | null {
  const m = /\/game\/scene\/([^/?#]+)/.exec(page.url());
  return m ? decodeURIComponent(m[1] as string) : null;
}

export interface Step {
  from: string;
  applied: ChoiceApplied;
  /** 'event' or 'ad' when a screen came between the scenes. */
  interlude: 'event' | 'ad' | null;
}

/**
 * Clicks the first or last enabled option of the scene on screen (or the enabled option named
 * `{ text }`), passes a random-event or
 * advertisement screen when the server put one first (checking it shows what the server sent),
 * and waits on the next scene. Checks that the URL is the server's next scene and that the stats
 * panel equals the stats the server returned and GET /api/play/game.
 */
export async function choose(
  page: Page,
  which: 'first' | 'last' | { text: string },
): Promise<Step> {
  const from = sceneIdOf(page);
  if (!from) throw new Error(`not on a scene: ${page.url()}`);
  const region = page.getByRole('region', { name: 'What will you do?' });
  const enabled = region.getByRole('button').and(page.locator(':not([disabled])'));
  await enabled.first().waitFor();
  const option =
    which === 'first'
      ? enabled.first()
      : which === 'last'
        ? enabled.last()
        : enabled.and(page.getByRole('button', { name: which.text, exact: true }));
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/play/choices') && r.request().method() === 'POST',
  );
  await option.click();
  const res = await response;
  expect(res.status()).toBe(200);
  const applied = (await res.json()) as ChoiceApplied;
  expect(applied.nextSceneId).toBeTruthy();

  let interlude: Step['interlude'] = null;
  const { randomEvent, advertisement } = applied.show;
  if (randomEvent) {
    interlude = 'event';
    await page.waitForURL(/\/game\/random-event$/);
    await page.getByRole('heading', { level: 1, name: randomEvent.title }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
  } else if (advertisement) {
    interlude = 'ad';
    await page.waitForURL(
      (u) => u.pathname === `/game/advertisement/${encodeURIComponent(advertisement.id)}`,
    );
    await page.getByRole('heading', { level: 1, name: advertisement.title }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL(
    (u) => u.pathname === `/game/scene/${encodeURIComponent(applied.nextSceneId)}`,
  );
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectPanelShows(page, applied.player.stats);
  const server = await serverGame(page);
  expect(server.currentSceneId).toBe(applied.nextSceneId);
  expect(server.stats).toEqual(applied.player.stats);
  return { from, applied, interlude };
}
