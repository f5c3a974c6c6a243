import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin, toastShown } from './support/admin.ts';
import { bigStory, importStory, shotOf } from './support/big-story.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'linker@example.com';
let server: TestServer;
let browser: Browser;
let page: Page;
let watched: { problems: string[] };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAILS: ADMIN } }),
    launchBrowser(),
  ]);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  watched = watchPage(page);
  await registerAdmin(page, server.url, ADMIN);
  // 240 scenes (12 days), imported as an author's file would be.
  await importStory(page, bigStory(12));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

const shot = (name: string) => shotOf(page, name);

/** Waits until the map's view has not moved for a while (a pan to a box animates). */
async function settled() {
  const viewport = page.locator('.react-flow__viewport');
  let last = '';
  let still = 0;
  while (still < 3) {
    await page.waitForTimeout(120);
    const now = (await viewport.getAttribute('style')) ?? '';
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

const optionsOf = (id: string) =>
  page.evaluate(async (sceneId) => {
    const r = await fetch(`/api/admin/scenes/${sceneId}/options`);
    return ((await r.json()) as { options: { text: string; nextSceneId: string }[] }).options;
  }, id);

/** Drags from the source box's right handle and lets go on the middle of the target box. */
async function drawLink(from: string, to: string, text: string) {
  const search = page.getByLabel('Find a scene');
  await search.fill(from);
  await search.press('Enter');
  await settled();
  const source = page.getByTestId(`map-node-${from}`);
  const target = page.getByTestId(`map-node-${to}`);
  const handle = await source.locator('.react-flow__handle-right').boundingBox();
  const box = await target.boundingBox();
  if (!handle || !box) throw new Error(`${from} or ${to} not on screen`);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await shot(`links240-drop-${from}`);
  const dialog = page.getByRole('dialog', { name: 'New link' });
  await dialog.getByLabel('Option Text').fill(text);
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  await toastShown(page, 'Link added');
  // The arrow is on the map at once, without waiting for a new layout.
  await page.locator(`.react-flow__edge[aria-label="${from} → ${to}: ${text}"]`).waitFor();
  expect((await optionsOf(from)).map((o) => [o.text, o.nextSceneId])).toContainEqual([text, to]);
}

describe('links drawn on a 240-scene map', () => {
  it('five links in a row, each dropped on the middle of its target box, without a reload', async () => {
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${server.url}/admin/story-map`);
    await page.getByTestId('count-scenes').getByText('240').waitFor();
    await page.getByTestId('map-node-d1-start').waitFor();
    loads = 0;
    await settled();
    await shot('links240-open-1366');
    const pairs: [string, string, string][] = [
      ['d3-b1-2', 'd3-b2-3', 'Ask the web shop for help'],
      ['d3-b2-3', 'd3-b3-4', 'Send photos to the fair'],
      ['d5-b3-1', 'd5-b1-2', 'Pack up and go to the market'],
      ['d5-b1-2', 'd5-b2-1', 'Check the web shop'],
      ['d7-b2-4', 'd7-b3-5', 'Mail the fair customers'],
    ];
    for (const [from, to, text] of pairs) await drawLink(from, to, text);
    await shot('links240-drawn-1366');
    expect(loads).toBe(0);
    expect(watched.problems).toEqual([]);
  });

  it('deletes a scene from the map, saying where to restore it, and names placeholders in words', async () => {
    const search = page.getByLabel('Find a scene');
    await search.fill('d7-b3-5');
    await search.press('Enter');
    await settled();
    await page.getByTestId('map-node-d7-b3-5').click();
    const panel = page.getByRole('complementary', { name: 'Scene editor' });
    await panel.getByRole('heading', { name: 'Hat fair: Customer mail (day 7)' }).waitFor();
    await panel.getByRole('button', { name: 'Delete Scene' }).click();
    const dialog = page.getByRole('dialog', { name: "Delete 'Hat fair: Customer mail (day 7)'?" });
    await dialog.getByText('2 options lead here').waitFor();
    const words = (await dialog.textContent()) ?? '';
    expect(words).toContain('you can restore them');
    expect(words).toContain('History (Recently deleted)');
    expect(words).not.toContain('cannot be undone');
    await shot('links240-delete-1366');
    await dialog.getByRole('button', { name: 'Delete Scene' }).click();
    await toastShown(page, 'Scene Deleted');
    await expect.poll(() => page.getByTestId('map-node-d7-b3-5').count()).toBe(0);
    // The links to it are placeholders now, named by the author's words, never 'pending-…'.
    const summary = page.getByRole('complementary', { name: 'Story summary' });
    await summary.getByTestId('count-not-yet-written').getByText('1').waitFor();
    expect(await summary.textContent()).not.toContain('pending-');
    expect(await page.getByTestId('story-map').textContent()).not.toContain('pending-');
    await shot('links240-deleted-1366');
  });

  it("'Fit' shows the day in view readably, and the overview names the days", async () => {
    await page.getByRole('button', { name: 'Fit the whole story' }).click();
    await page.getByText(/This is the beginning of Day 7 \(\d+ scenes\)/).waitFor();
    await settled();
    const box = await page.getByTestId('map-node-d7-start').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(90);
    await page.getByRole('img', { name: /Overview of the whole story \(12 days, / }).waitFor();
    // The map and its controls fill the window: nothing of it below the fold.
    const map = await page.getByTestId('story-map').boundingBox();
    expect((map?.y ?? 0) + (map?.height ?? 0)).toBeLessThanOrEqual(768);
    expect(map?.height ?? 0).toBeGreaterThan(500);
    await shot('links240-fit-1366');
  });
});
