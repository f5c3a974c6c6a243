import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { BROKEN_FROM, BROKEN_TO, bigStory, importStory, shotOf } from './support/big-story.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'author200@example.com';
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
  // The 200-scene story comes in through the import API, as an author's file would.
  await importStory(page, bigStory());
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

const shot = (name: string) => shotOf(page, name);
const panel = () => page.getByRole('complementary', { name: 'Scene editor' });
const api = <T>(url: string) =>
  page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<T>;
type MapJson = {
  startId: string;
  scenes: { id: string; x: number | null; y: number | null }[];
};

/** Clicks and key presses the author spends, counted as they happen. */
const spent = { clicks: 0, keys: 0, panZoomKeys: 0 };
const click = async (target: Locator) => {
  spent.clicks += 1;
  await target.click();
};
const press = async (target: Locator, key: string) => {
  spent.keys += 1;
  await target.press(key);
};

/** Whether a box is wholly inside the map's visible area (no panning needed to see it). */
async function inView(id: string): Promise<boolean> {
  const map = await page.getByTestId('story-map').boundingBox();
  const box = await page.getByTestId(`map-node-${id}`).boundingBox();
  if (!map || !box) return false;
  return (
    box.x >= map.x - 1 &&
    box.y >= map.y - 1 &&
    box.x + box.width <= map.x + map.width + 1 &&
    box.y + box.height <= map.y + map.height + 1
  );
}

/** Waits until the map's view stops moving (a pan to a box animates). */
async function settled() {
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
}

async function save(id: string) {
  await click(panel().getByRole('button', { name: 'Save Scene' }));
  await toastShown(page, 'Scene saved');
  await panel().getByText('All changes saved').waitFor();
  await page.getByTestId(`map-node-${id}`).waitFor();
  await settled();
  // The scene just written is on screen: no pan or zoom needed to find it.
  expect(await inView(id), `${id} in view`).toBe(true);
}

async function writeNext(name: string, description: string) {
  await click(panel().getByRole('button', { name: `Create Scene ${name}` }));
  await panel()
    .getByRole('heading', { name: `New Scene: ${name}` })
    .waitFor();
  expect(await panel().getByLabel('Title', { exact: true }).inputValue()).toBe(name);
  await panel().getByLabel('Description', { exact: true }).fill(description);
}

describe('a 200-scene story on the map', () => {
  it('opens readable, with the overview, search and fit for orientation', async () => {
    await page.goto(`${server.url}/admin/story-map`);
    await page.getByTestId('count-scenes').getByText('200').waitFor();
    await page.getByTestId('map-node-d1-start').waitFor();
    await page.getByTestId('map-overview').waitFor();
    await settled();
    await shot('map200-open-1366');
    await checkA11y(page);

    await page.getByRole('button', { name: 'Fit the whole story' }).click();
    // The note on the map (the summary's help says the same of the overview, not as a status).
    await page
      .getByRole('status')
      .filter({ hasText: 'the overview in the corner shows the whole story' })
      .waitFor();
    await settled();
    // The view stays readable: the start scene's title is on screen, not a speck.
    expect(await inView('d1-start')).toBe(true);
    const title = await page.getByTestId('map-node-d1-start').boundingBox();
    expect(title?.width ?? 0).toBeGreaterThan(90);
    await shot('map200-fit-1366');
  });

  it('writes a 5-scene branch on the map without leaving it, and counts the effort', async () => {
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    const search = page.getByLabel('Find a scene');
    await search.fill('d4-b2-3');
    await press(search, 'Enter');
    await settled();
    expect(await inView('d4-b2-3')).toBe(true);
    await click(page.getByTestId('map-node-d4-b2-3'));
    const description = panel().getByLabel('Description', { exact: true });
    await description.waitFor();
    await description.fill(`${await description.inputValue()}\n\n[[Dex's Garage]]`);
    await save('d4-b2-3');
    // The placeholder keeps the author's wording; its internal id never shows on the map.
    const placeholder = page.getByTestId('map-node-pending:pending-dexs-garage');
    await placeholder.getByText("Dex's Garage").waitFor();
    expect(await page.getByTestId('story-map').textContent()).not.toContain('pending-');
    await panel().getByText("Option 3: Dex's Garage").waitFor();

    await writeNext("Dex's Garage", 'Oil and felt.\n\n[[Tune the engine->Engine Tuning]]');
    await save('dexs-garage');
    await writeNext('Engine tuning', 'Vroom.\n\n[[Road Test]]');
    await save('engine-tuning');
    await writeNext('Road Test', 'It runs.\n\n[[Customer Pickup]]');
    await save('road-test');
    await writeNext('Customer Pickup', 'Keys handed over.\n\n[[Garage Party]]');
    await save('customer-pickup');
    await writeNext('Garage Party', 'Everyone wears a hat. The end.');
    await click(panel().getByRole('switch', { name: 'Ending Scene' }));
    await save('garage-party');
    await shot('map200-branch-1366');

    const branch = ['dexs-garage', 'engine-tuning', 'road-test', 'customer-pickup'];
    const next: Record<string, string> = {};
    for (const id of branch) {
      const o = await api<{ options: { nextSceneId: string; isPending: boolean }[] }>(
        `/api/admin/scenes/${id}/options`,
      );
      expect(o.options).toHaveLength(1);
      expect(o.options[0]?.isPending).toBe(false);
      next[id] = o.options[0]?.nextSceneId ?? '';
    }
    expect(next).toEqual({
      'dexs-garage': 'engine-tuning',
      'engine-tuning': 'road-test',
      'road-test': 'customer-pickup',
      'customer-pickup': 'garage-party',
    });
    const garage = await api<{ scene: { title: string } }>('/api/admin/scenes/dexs-garage');
    expect(garage.scene.title).toBe("Dex's Garage");
    expect(loads).toBe(0);
    console.log(
      `5-scene branch on a 200-scene map: ${spent.clicks} clicks, ${spent.keys} key press(es) ` +
        `(Enter in the search), ${spent.panZoomKeys} pan/zoom presses, ${loads} page loads`,
    );
    expect(spent.panZoomKeys).toBe(0);
    expect(spent.clicks).toBeLessThanOrEqual(14);
  });

  it('searches descriptions and options while the panel is open, and highlights the hits', async () => {
    await expect.poll(() => panel().isVisible()).toBe(true);
    const search = page.getByLabel('Find a scene');
    await search.fill('velvet fedora');
    await search.press('Enter');
    await page.getByText(/Match 1 of 1: Hat fair: Photo shoot \(day 6\)/).waitFor();
    await settled();
    expect(await inView('d6-b3-4')).toBe(true);
    await page.getByTestId('map-node-d6-b3-4').getByText('Found').waitFor();
    // The side panel is still open beside the map.
    expect(await panel().isVisible()).toBe(true);
    await search.fill('hire a photographer');
    await search.press('Enter');
    await page.getByText(/Match 1 of 10: /).waitFor();
    await page.getByRole('button', { name: 'Next match' }).click();
    await page.getByText(/Match 2 of 10: /).waitFor();
    await shot('map200-search-1366');
    await page.getByRole('button', { name: 'Clear the search' }).click();
  });

  it('keeps the panel in step with a link drawn on the map, and keeps a dragged box where it was put', async () => {
    const search = page.getByLabel('Find a scene');
    await search.fill('customer-pickup');
    await search.press('Enter');
    await settled();
    await page.getByTestId('map-node-customer-pickup').click();
    await panel().getByRole('heading', { name: 'Customer Pickup' }).waitFor();
    const description = panel().getByLabel('Description', { exact: true });
    await description.fill('Keys handed over, with a receipt I am still typing');
    // Zoom out a step so the neighbouring box is on screen beside the open panel.
    await page.getByRole('button', { name: 'Zoom Out' }).click();
    await settled();
    const from = page.getByTestId('map-node-customer-pickup');
    const to = page.getByTestId('map-node-garage-party');
    await shot('map200-draw-1366');
    const handle = await from.locator('.react-flow__handle-right').boundingBox();
    const target = await to.boundingBox();
    if (!handle || !target) throw new Error('boxes not on screen');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + 12, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Option Text').fill('Straight to the party');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await toastShown(page, 'Link added');
    // The panel shows the drawn option at once and keeps what the author typed.
    await panel().getByText('Option 2: Straight to the party').waitFor();
    expect(await description.inputValue()).toBe(
      'Keys handed over, with a receipt I am still typing',
    );
    await panel().getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(page, 'Scene saved');
    expect(await page.getByText('Someone else saved this scene').count()).toBe(0);
    const saved = await api<{ options: { text: string }[] }>(
      '/api/admin/scenes/customer-pickup/options',
    );
    expect(saved.options.map((o) => o.text)).toEqual(['Garage Party', 'Straight to the party']);

    // Drag the open scene's box down: the first drag keeps the whole layout; the box stays put.
    await settled();
    const pickup = page.getByTestId('map-node-customer-pickup');
    const closing = page.getByTestId('map-node-d4-end');
    const offset = async () => {
      const [a, b] = [await pickup.boundingBox(), await closing.boundingBox()];
      return Math.round((a?.y ?? 0) - (b?.y ?? 0));
    };
    const before = await pickup.boundingBox();
    if (!before) throw new Error('box not on screen');
    const offsetBefore = await offset();
    await page.mouse.move(before.x + 60, before.y + 20);
    await page.mouse.down();
    await page.mouse.move(before.x + 60, before.y + 140, { steps: 6 });
    await page.mouse.up();
    await expect
      .poll(
        async () =>
          (await api<MapJson>('/api/admin/story-map')).scenes.filter((s) => s.x !== null).length,
      )
      .toBe(205);
    const offsetDropped = await offset();
    expect(offsetDropped - offsetBefore).toBeGreaterThan(80);
    await shot('map200-dragged-1366');
    // The next save in the panel (a new layout) does not move it back: saved places win.
    await panel().getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(page, 'Scene saved');
    await settled();
    expect(await offset()).toBe(offsetDropped);
  });

  it("'Reload theirs' keeps what the author typed, to put back", async () => {
    const description = panel().getByLabel('Description', { exact: true });
    await description.fill('My own words for the pickup');
    // Another author saves the same scene meanwhile.
    const other = await page.evaluate(async () => {
      const s = await (await fetch('/api/admin/scenes/customer-pickup')).json();
      const r = await fetch('/api/admin/scenes/customer-pickup', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Customer Pickup!', version: s.scene.version }),
      });
      return r.status;
    });
    expect(other).toBe(200);
    await panel().getByRole('button', { name: 'Save Scene' }).click();
    await panel().getByText('Someone else saved this scene after you opened it').waitFor();
    await panel().getByRole('button', { name: 'Reload theirs' }).click();
    await panel().getByText('Your changes are kept here').waitFor();
    expect(await panel().getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Customer Pickup!',
    );
    await panel().getByRole('button', { name: 'Put my changes back' }).click();
    expect(await description.inputValue()).toBe('My own words for the pickup');
    expect(await panel().getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Customer Pickup!',
    );
    await panel().getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(page, 'Scene saved');
  });

  it('saves beside a broken link, naming the option by its number', async () => {
    const search = page.getByLabel('Find a scene');
    await search.fill(BROKEN_FROM);
    await search.press('Enter');
    await settled();
    await shot('map200-broken-1366');
    await page.getByTestId(`map-node-${BROKEN_FROM}`).click();
    await panel().getByText(`no scene has the ID '${BROKEN_TO}'`).waitFor();
    await panel().getByText('Option 2: Take the lost road').waitFor();
    await panel().getByLabel('Description', { exact: true }).fill('Still the market, day 8.');
    await panel().getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(page, `Option 2 leads to '${BROKEN_TO}'`);
    const scene = await api<{ scene: { description: string } }>(`/api/admin/scenes/${BROKEN_FROM}`);
    expect(scene.scene.description).toBe('Still the market, day 8.');
  });

  it('asks before setting the initial scene, and refuses an ending', async () => {
    await page.goto(`${server.url}/admin/scenes/garage-party`);
    await page.getByRole('button', { name: 'Set as Initial Scene' }).click();
    await page.getByText('An ending cannot be the initial scene').waitFor();
    expect((await api<MapJson>('/api/admin/story-map')).startId).toBe('d1-start');

    await page.goto(`${server.url}/admin/scenes/d2-start`);
    await page.getByRole('button', { name: 'Set as Initial Scene' }).click();
    const ask = page.getByRole('alertdialog', { name: "Make 'Day 2: Morning' the initial scene?" });
    await ask.waitFor();
    await checkA11y(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await api<MapJson>('/api/admin/story-map')).startId).toBe('d1-start');
    await page.getByRole('button', { name: 'Set as Initial Scene' }).click();
    await ask.getByRole('button', { name: 'Set as Initial Scene' }).click();
    await toastShown(page, 'Initial scene set');
    expect((await api<MapJson>('/api/admin/story-map')).startId).toBe('d2-start');
    expect(watched.problems).toEqual([]);
  });

  it('fits a phone: search, map and overview', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      storageState: await page.context().storageState(),
    });
    const phone = await context.newPage();
    await phone.goto(`${server.url}/admin/story-map`);
    await phone.getByTestId('map-overview').waitFor();
    await phone.getByLabel('Find a scene').waitFor();
    await phone.getByTestId('map-node-d2-start').waitFor();
    if (process.env.E2E_SHOTS)
      await phone.screenshot({ path: `${process.env.E2E_SHOTS}/map200-phone-375.png` });
    await context.close();
  });
});
