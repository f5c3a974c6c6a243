import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ChoiceApplied } from '../../core/api/play.ts';
import { diffParts } from '../../core/game/stat-diff.ts';

/**
 * Elements inside the page's main area that scroll (or clip their content) on their own: the
 * scene must read like a page, with one scroll. Elements of 2 px or less (screen-reader-only
 * text) do not count.
 */
export function ownScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      if (!(el instanceof HTMLElement) || el.clientHeight <= 2 || el.clientWidth <= 2) continue;
      const style = getComputedStyle(el);
      const tall = el.scrollHeight > el.clientHeight + 1;
      const wide = el.scrollWidth > el.clientWidth + 1;
      const clips = (v: string) => v !== 'visible';
      if ((tall && clips(style.overflowY)) || (wide && clips(style.overflowX))) {
        found.push(`${el.tagName.toLowerCase()}.${el.className.split(' ').slice(0, 3).join('.')}`);
      }
    }
    return found;
  });
}

/**
 * Checks every option the player can take: none comes after a locked one, and each can be
 * brought into view by scrolling the page and is then the element under the pointer there.
 */
export async function expectOptionsReachable(page: Page): Promise<void> {
  const region = page.getByRole('region', { name: 'What will you do?' });
  const buttons = region.getByRole('button');
  const locked = await buttons.evaluateAll((els) =>
    els.map((b) => (b as HTMLButtonElement).disabled),
  );
  const firstLocked = locked.indexOf(true);
  if (firstLocked >= 0) expect(locked.slice(firstLocked).every(Boolean)).toBe(true);
  for (let i = 0; i < locked.length; i++) {
    if (locked[i]) continue;
    const reachable = await buttons.nth(i).evaluate((el) => {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 24, r.top + Math.min(r.height / 2, 16));
      return r.top >= 0 && r.bottom <= window.innerHeight && hit !== null && el.contains(hit);
    });
    expect(reachable, `option ${i + 1} reachable`).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The change line shows what the server said the choice changed, in view above the scene's title. */
export async function expectChangeLine(page: Page, applied: ChoiceApplied): Promise<void> {
  const line = page.getByTestId('change-line');
  await line.getByText('Your decision:').waitFor();
  const text = (await line.textContent()) ?? '';
  const changes = applied.changes;
  expect(changes, 'the choice answer says what changed').toBeTruthy();
  if (!changes) return;
  for (const part of diffParts(changes.choice)) expect(text).toContain(part);
  // The option's why line, said with its changes (docs/product-rules.md "Play" 'The why line').
  if (changes.why) expect(await line.getByTestId('why-line').textContent()).toContain(changes.why);
  if (changes.event) {
    expect(text).toContain(changes.event.title);
    for (const part of diffParts(changes.event)) expect(text).toContain(part);
  }
  // As the scene opens, without scrolling: in view, above the title.
  const lineBox = await line.boundingBox();
  const titleBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(lineBox && titleBox && lineBox.y < titleBox.y).toBe(true);
  expect(lineBox && lineBox.y >= 0 && lineBox.y < (page.viewportSize()?.height ?? 0)).toBe(true);
}
