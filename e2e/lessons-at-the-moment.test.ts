import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLesson, itemLabel } from '../core/game/items.ts';
import { toStatChanges } from '../core/game/stats.ts';
import { type ContentScene, readContent } from '../server/content/content-files.ts';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, sceneIdOf } from './support/play.ts';
import { expectChangeLine } from './support/scene-checks.ts';
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

type Option = ContentScene['options'][number];

/** The lessons an option teaches ('Lesson: …' items it adds), by label. */
const lessonsOf = (o: Option) =>
  (toStatChanges(o.stats_changes).addInventory ?? []).filter(isLesson).map(itemLabel);

/** An option any player can take: no minimum stats, no items needed, no web address. */
const open = (o: Option) =>
  !o.required_stats && !o.required_items && !o.next_url && !!o.next_scenario_id;

/**
 * The shortest way through the demo content (the files the server loaded) from the start scene
 * to an option that teaches a lesson: the option texts to click, the last one the lesson's.
 * Found, not written down, because the campaign's scenes change.
 */
function pathToALesson(scenes: ContentScene[]): { texts: string[]; lesson: Option } {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const start = scenes.find((s) => s.is_start);
  if (!start) throw new Error('the demo content has no start scene');
  const queue: { id: string; texts: string[] }[] = [{ id: start.id, texts: [] }];
  const seen = new Set([start.id]);
  while (queue.length > 0) {
    const { id, texts } = queue.shift() as { id: string; texts: string[] };
    const options = (byId.get(id)?.options ?? []).filter(open);
    const teaching = options.find((o) => lessonsOf(o).length > 0);
    if (teaching) return { texts: [...texts, teaching.text], lesson: teaching };
    for (const o of options) {
      const next = o.next_scenario_id as string;
      if (seen.has(next) || !byId.has(next) || byId.get(next)?.is_ending) continue;
      seen.add(next);
      queue.push({ id: next, texts: [...texts, o.text] });
    }
  }
  throw new Error('no option of the demo content teaches a lesson');
}

describe('lessons at the moment (docs/product-rules.md "Play")', () => {
  it('a correct choice shows its why line, and its lesson is in the stats panel at once', async () => {
    const { texts, lesson } = pathToALesson((await readContent()).scenes);
    expect(lesson.why, `option '${lesson.id}' has a why line in content/scenes.json`).toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(/\/game\/scene\//);
    const panel = page.getByRole('region', { name: 'Player Stats' });
    await panel.getByText('None yet').waitFor();

    let step = await choose(page, { text: texts[0] as string });
    for (const text of texts.slice(1)) step = await choose(page, { text });
    expect(step.from).toBeTruthy();
    expect(sceneIdOf(page)).toBe(step.applied.nextSceneId);

    // The answer carries the option's why line and the lesson; the screen says both at once.
    const taught = lessonsOf(lesson);
    expect(step.applied.changes?.why).toBe(lesson.why);
    await expectChangeLine(page, step.applied);
    const line = page.getByTestId('change-line');
    const why = line.getByTestId('why-line');
    expect(await why.textContent()).toContain(lesson.why as string);
    expect(await why.isVisible()).toBe(true);
    const whyBox = await why.boundingBox();
    expect(whyBox && whyBox.y >= 0 && whyBox.y + whyBox.height <= 768, 'why line in view').toBe(
      true,
    );
    for (const label of taught) expect(await line.textContent()).toContain(`learned ${label}`);
    // The change line is the polite live region, so the why line is announced with it.
    expect(await line.getAttribute('aria-live')).toBe('polite');
    expect(await line.getAttribute('role')).toBe('status');

    // The stats panel lists the lesson now, without a reload, and never a story flag.
    const lessons = panel.getByRole('list', { name: 'Lessons learned', exact: true });
    await expect
      .poll(() => lessons.getByRole('listitem').allTextContents())
      .toEqual(expect.arrayContaining(taught));
    expect(await panel.textContent()).not.toContain('Flag:');
    await checkA11y(page);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
