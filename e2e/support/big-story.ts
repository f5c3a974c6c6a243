import type { Page } from 'playwright-core';
/**
 * A generated story of `days` × 20 scenes for map tests, as an adventure file
 * (docs/import-export or core/transfer/format.ts): each day a start scene, three branches of six
 * scenes that cross over, and an end-of-day scene leading to the next day; the last day ends the
 * game. One option leads to a scene that does not exist (a broken link) on day 8.
 */
export const BROKEN_FROM = 'd8-b1-2';
export const BROKEN_TO = 'd8-lost-scene';

const BRANCHES = ['Market stall', 'Web shop', 'Hat fair'];
const STEPS = ['Opening', 'Supplier call', 'Price check', 'Photo shoot', 'Customer mail', 'Tally'];

export function bigStory(days = 10) {
  const scenes: Record<string, unknown>[] = [];
  const options: Record<string, unknown>[] = [];
  const scene = (id: string, title: string, description: string, flags = {}) =>
    scenes.push({ id, title, description, is_start: false, is_ending: false, ...flags });
  const option = (from: string, to: string, text: string) => {
    const position = options.filter((o) => o.scenario_id === from).length;
    options.push({
      id: `${from}--${position}`,
      scenario_id: from,
      position,
      text,
      next_scenario_id: to,
    });
  };
  for (let d = 1; d <= days; d++) {
    const last = d === days;
    scene(`d${d}-start`, `Day ${d}: Morning`, `Day ${d} begins at the hat shop.`, {
      is_start: d === 1,
    });
    scene(`d${d}-end`, last ? 'The last hat' : `Day ${d}: Closing`, `Day ${d} is over.`, {
      is_ending: last,
      is_end_of_day: !last,
    });
    if (!last) option(`d${d}-end`, `d${d + 1}-start`, 'Sleep on it');
    BRANCHES.forEach((branch, b) => {
      option(`d${d}-start`, `d${d}-b${b + 1}-1`, `Try the ${branch.toLowerCase()}`);
      STEPS.forEach((step, k) => {
        const id = `d${d}-b${b + 1}-${k + 1}`;
        const words = d === 6 && b === 2 && k === 3 ? ' A velvet fedora steals the show.' : '';
        scene(id, `${branch}: ${step} (day ${d})`, `Day ${d}, ${branch}: ${step}.${words}`);
        const next = k === STEPS.length - 1 ? `d${d}-end` : `d${d}-b${b + 1}-${k + 2}`;
        option(id, next, k === 2 && b === 1 ? 'Hire a photographer' : `Go on with the ${step}`);
        // Branches cross over halfway, as stories do.
        if (k === 2) option(id, `d${d}-b${((b + 1) % 3) + 1}-4`, 'Swap stands with a friend');
      });
    });
  }
  option(BROKEN_FROM, BROKEN_TO, 'Take the lost road');
  return { format: 'seo-adventure', version: 1, scenes, options };
}

/** Imports an adventure file through the import API, as an author's file would come in. */
export async function importStory(page: Page, file: unknown): Promise<void> {
  const imported = await page.evaluate(async (body) => {
    const r = await fetch('/api/admin/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'json', text: JSON.stringify(body) }),
    });
    return { status: r.status, body: await r.text() };
  }, file);
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.body}`);
}

/** Saves a screenshot named `name` when E2E_SHOTS names a folder. */
export async function shotOf(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
}
