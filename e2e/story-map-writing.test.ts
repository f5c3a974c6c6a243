import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { loginAdmin, registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'writer@example.com';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAILS: ADMIN } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
};
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Scene editor' });

/** Saves the scene open in the side panel and waits until the map has the saved scene. */
async function savePanel(page: Page, id: string) {
  await panelOf(page).getByRole('button', { name: 'Save Scene' }).click();
  await toastShown(page, 'Scene saved');
  await panelOf(page).getByText('All changes saved').waitFor();
  // The map brings the scene just written into view.
  await page.getByTestId(`map-node-${id}`).waitFor();
}

/** Writes a new scene for a placeholder option of the scene in the panel. */
async function writePlaceholder(page: Page, label: string, description: string) {
  const panel = panelOf(page);
  await panel.getByRole('button', { name: `Create Scene ${label}` }).click();
  await panel.getByRole('heading', { name: `New Scene: ${label}` }).waitFor();
  expect(await panel.getByLabel('Title', { exact: true }).inputValue()).toBe(label);
  await panel.getByLabel('Description', { exact: true }).fill(description);
}

describe('writing on the story map', () => {
  it('a box click opens its editor, and a 5-scene branch is written from the map without leaving it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    const started = Date.now();
    await page.goto(`${server.url}/admin/story-map`);
    await page.getByRole('heading', { level: 1, name: 'Story Map' }).waitFor();

    // A click on a box opens that scene in the side panel.
    await page.getByTestId('map-node-intro').click();
    const panel = panelOf(page);
    await panel.getByLabel('Title', { exact: true }).waitFor();
    const introTitle = await panel.getByLabel('Title', { exact: true }).inputValue();
    await panel.getByRole('heading', { name: introTitle }).waitFor();
    await shot(page, 'map-panel');
    await checkA11y(page);

    // Scene 1: a link typed in the description becomes an option on save.
    const description = await panel.getByLabel('Description', { exact: true }).inputValue();
    await panel
      .getByLabel('Description', { exact: true })
      .fill(`${description}\n\n[[Open a hat stand->Hat Stand]]`);
    await savePanel(page, 'intro');
    expect(await panel.getByLabel('Description', { exact: true }).inputValue()).toBe(description);
    await panel.getByText('Hat stand (not yet written)').waitFor();

    await writePlaceholder(
      page,
      'Hat stand',
      'Your stand is up.\n\n[[Work the market->Market Day]]\n[[Hire a photographer->Pro Shoot]]',
    );
    await savePanel(page, 'hat-stand');
    // The photographer needs a budget: the stat-gated option.
    await panel.getByRole('button', { name: 'Edit option Hire a photographer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Option' });
    await dialog.getByLabel('Min Budget').fill('50');
    await dialog.getByLabel('Budget', { exact: true }).fill('-40');
    await dialog.getByRole('button', { name: 'Save Option' }).click();
    await panel.getByText('Budget -40 · needs Budget 50').waitFor();
    await savePanel(page, 'hat-stand');

    await writePlaceholder(page, 'Market day', 'Crowds.\n\n[[Count the takings->Closing Time]]');
    await savePanel(page, 'market-day');
    await writePlaceholder(page, 'Closing time', 'You sold every hat. The end.');
    await panel.getByRole('switch', { name: 'Ending Scene' }).click();
    await savePanel(page, 'closing-time');

    // Back to the stand for the gated branch, through the map's own box.
    await panel.getByRole('button', { name: 'Close the editor' }).click();
    await page.getByLabel('Find a scene').fill('hat-stand');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('map-node-hat-stand').click();
    await panel.getByRole('heading', { name: 'Hat stand' }).waitFor();
    await writePlaceholder(
      page,
      'Pro shoot',
      'Flash!\n\n[[Send it to a magazine->Magazine Cover]]',
    );
    await savePanel(page, 'pro-shoot');
    await writePlaceholder(
      page,
      'Magazine cover',
      'Your hats are on the cover.\n\n[[Celebrate->closing-time]]',
    );
    await savePanel(page, 'magazine-cover');
    await shot(page, 'map-branch');
    const seconds = (Date.now() - started) / 1000;

    // Five scenes, each connected: no placeholder of the branch is left.
    const options = await page.evaluate(async () => {
      const ids = ['hat-stand', 'market-day', 'pro-shoot', 'magazine-cover', 'closing-time'];
      const out: Record<string, { next: string | null; pending: boolean; req: unknown }[]> = {};
      for (const id of ids) {
        const r = await fetch(`/api/admin/scenes/${id}/options`);
        const body = (await r.json()) as {
          options: { nextSceneId: string | null; isPending: boolean; requiredStats: unknown }[];
        };
        out[id] = body.options.map((o) => ({
          next: o.nextSceneId,
          pending: o.isPending,
          req: o.requiredStats,
        }));
      }
      return out;
    });
    expect(options).toEqual({
      'hat-stand': [
        { next: 'market-day', pending: false, req: null },
        { next: 'pro-shoot', pending: false, req: { gold: 50 } },
      ],
      'market-day': [{ next: 'closing-time', pending: false, req: null }],
      'pro-shoot': [{ next: 'magazine-cover', pending: false, req: null }],
      'magazine-cover': [{ next: 'closing-time', pending: false, req: null }],
      'closing-time': [],
    });
    // Fewer page loads than scenes: the whole branch was written on one page.
    expect(loads).toBeLessThan(5);
    console.log(
      `5-scene branch written from the map: ${seconds.toFixed(1)} s, ${loads} page load(s)`,
    );
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('draws a new link from one box to another', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/story-map`);
    const from = page.getByTestId('map-node-market-day');
    const to = page.getByTestId('map-node-magazine-cover');
    await page.getByTestId('map-node-intro').waitFor();
    await page.getByLabel('Find a scene').fill('market-day');
    await page.getByRole('button', { name: 'Find' }).click();
    await from.waitFor();
    await to.waitFor();
    // Wait for the pan to the found scene to end before measuring where the boxes are.
    const viewport = page.locator('.react-flow__viewport');
    let last = '';
    await expect
      .poll(async () => {
        const now = (await viewport.getAttribute('style')) ?? '';
        const same = now === last;
        last = now;
        return same;
      })
      .toBe(true);
    await shot(page, 'map-draw');
    // Drag from the box's right edge to the other box, as an author does with the mouse.
    const handle = await from.locator('.react-flow__handle-right').boundingBox();
    const target = await to.boundingBox();
    if (!handle || !target) throw new Error('boxes not on screen');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + 12, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByText("From 'Market day' to 'Magazine cover'.").waitFor();
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await dialog.getByText('Option text is required').waitFor();
    await dialog.getByLabel('Option Text').fill('Book a shoot after all');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await toastShown(page, 'Link added');
    const next = await page.evaluate(async () => {
      const r = await fetch('/api/admin/scenes/market-day/options');
      return ((await r.json()) as { options: { text: string; nextSceneId: string }[] }).options;
    });
    expect(next.map((o) => [o.text, o.nextSceneId])).toEqual([
      ['Count the takings', 'closing-time'],
      ['Book a shoot after all', 'magazine-cover'],
    ]);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
