import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../server/content/content-files.ts';
import { checkA11y } from './support/a11y.ts';
import { loginAdmin, registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, serverGame, statsPanel } from './support/play.ts';
import { startServer, type TestServer } from './support/server.ts';

/** Scenes of the demo adventure in content/ (the campaign grows; the tests follow it). */
const DEMO_SCENES = (await readContent()).scenes.length;

const ADMIN = 'mapper@example.com';
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

const count = (page: Page, label: string) =>
  page
    .getByTestId(`count-${label}`)
    .textContent()
    .then((t) => Number(t));

describe('story tools', () => {
  it('maps the demo adventure, flags a dangling option, play-tests from the middle and returns', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);
    // Landing on the first scene starts the admin's own game.
    await expect.poll(async () => (await serverGame(page)).currentSceneId).toBe('intro');
    const ownBefore = await serverGame(page);

    await page.goto(`${server.url}/admin`);
    await page.getByRole('link', { name: 'Open Story Map' }).click();
    await page.getByRole('heading', { level: 1, name: 'Story Map' }).waitFor();
    await page.getByTestId('map-node-intro').waitFor();
    expect(await page.getByTestId('count-scenes').textContent()).toBe(String(DEMO_SCENES));
    expect(await count(page, 'broken-links')).toBe(0);
    expect(await count(page, 'not-yet-written')).toBe(0);
    expect(await count(page, 'unreachable-scenes')).toBe(0);
    expect(await count(page, 'dead-ends')).toBe(0);
    await checkA11y(page);

    // A dangling option: a link to a scene nobody has written yet.
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/admin/scenes/d1-robots/options', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: 'Ask the hosting company',
          destinationType: 'scene',
          nextSceneId: 'Hosting Support',
          isPlaceholder: true,
        }),
      });
      return res.status;
    });
    expect(created).toBeLessThan(300);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => count(page, 'not-yet-written')).toBe(1);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/map.png` });
    await page
      .getByRole('complementary', { name: 'Story summary' })
      // Named by the author's words, never by its internal pending- id.
      .getByRole('button', { name: /hosting support/i })
      .click();
    await expect.poll(() => page.getByTestId('map-selected').textContent()).toContain('d1-robots');
    await page.getByTestId('map-node-pending:pending-hosting-support').waitFor();

    // Keyboard: the map region pans with the arrow keys.
    const before = await page.locator('.react-flow__viewport').getAttribute('style');
    await page.getByTestId('story-map').focus();
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.locator('.react-flow__viewport').getAttribute('style'))
      .not.toBe(before);

    // Search focuses a scene in the middle of the story; play-test from it with a chosen budget.
    await page.getByLabel('Find a scene').fill('d2-content-plan');
    await page.getByRole('button', { name: 'Find' }).click();
    const selected = page.getByTestId('map-selected');
    await expect.poll(() => selected.textContent()).toContain('d2-content-plan');
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/focus.png` });
    await selected.getByRole('button', { name: 'Play from here' }).click();
    await page.getByLabel('Budget', { exact: true }).fill('999');
    await page.getByRole('button', { name: 'Start test game' }).click();
    await page.waitForURL(`${server.url}/game/scene/d2-content-plan`);
    await page.getByTestId('playtest-bar').waitFor();
    await expect.poll(() => statsPanel(page)).toContain('Budget: $999');
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/playtest.png` });
    const options = page.getByRole('region', { name: 'What will you do?' }).getByRole('button');
    const chosen = page.waitForResponse(
      (r) => r.url().endsWith('/api/play/choices') && r.request().method() === 'POST',
    );
    await options.first().click();
    expect((await chosen).status()).toBe(200);
    await page.waitForURL((url) => !url.pathname.endsWith('/d2-content-plan'));
    await page.getByTestId('playtest-bar').waitFor();

    // The admin's own game never moved.
    expect(await serverGame(page)).toEqual(ownBefore);

    await page.getByRole('button', { name: 'Back to editor' }).click();
    await page.waitForURL(`${server.url}/admin/story-map`);
    await page.getByRole('heading', { level: 1, name: 'Story Map' }).waitFor();
    await page.goto(`${server.url}/game`);
    expect(await page.getByTestId('playtest-bar').count()).toBe(0);

    // On a phone the map still has its height and shows the start scene.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/admin/story-map`);
    await page.getByTestId('map-node-intro').waitFor({ state: 'visible' });
    const flowBox = await page.getByTestId('story-map').locator('.react-flow').boundingBox();
    expect(flowBox?.height).toBeGreaterThan(300);
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('counts what a guest does in Analytics and in the scene editor, play-tests left out', async () => {
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`${server.url}/`);
    await guest.getByRole('link', { name: 'Start Adventure Now' }).click();
    await guest.waitForURL(`${server.url}/game/scene/intro`);
    await choose(guest, 'first');
    await choose(guest, 'first');
    await guestContext.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    // The admin's play-test choice of the first test is not counted; the guest's two are.
    await expect.poll(() => page.getByTestId('people').textContent()).toBe('1 guest · 0 players');
    expect(await page.getByTestId('choices').textContent()).toBe('2 by guests · 0 by players');
    await page.getByRole('figure', { name: 'Choices per day, guests and players' }).waitFor();
    await checkA11y(page);
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/analytics.png`, fullPage: true });

    await page.getByTestId('scene-row-intro').getByRole('link').click();
    await page.getByRole('heading', { name: 'Scene Analytics' }).waitFor();
    await expect
      .poll(() => page.getByTestId('scene-reached').textContent())
      .toBe('1 guest · 0 players');
    await page.getByRole('cell', { name: '100.0%' }).waitFor();
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('exports the adventure, checks an edited file in a dry run and applies it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/import-export`);
    await page.getByRole('heading', { level: 1, name: 'Import / Export' }).waitFor();
    await checkA11y(page);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download JSON' }).click();
    const file = await download;
    const path = await file.path();
    const bundle = JSON.parse(readFileSync(path, 'utf8')) as {
      scenes: { id: string; title: string }[];
    };
    expect(bundle.scenes).toHaveLength(DEMO_SCENES);
    const robots = bundle.scenes.find((s) => s.id === 'd1-robots');
    if (robots) robots.title = 'robots.txt: The Doorman';
    const edited = path.replace(/$/, '-edited.json');
    writeFileSync(edited, JSON.stringify(bundle));

    // A file over the limit is refused where it was chosen, before it is read or sent.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/import')) sent.push(r.url());
    });
    const huge = path.replace(/$/, '-huge.json');
    writeFileSync(huge, Buffer.alloc(51 * 1024 * 1024, 32));
    await page.getByLabel('Adventure file').setInputFiles(huge);
    await page.getByText('This file is 51.0 MB; an import takes files of up to 50 MB.').waitFor();
    expect(sent).toEqual([]);

    await page.getByLabel('Adventure file').setInputFiles(edited);
    const report = page.getByTestId('import-report');
    await report.waitFor();
    const row = page.getByTestId('report-scenes');
    await row.waitFor();
    const changed = row.locator('td').nth(2);
    expect(await changed.locator('summary').textContent()).toBe('1');
    await changed.locator('summary').click();
    expect(await changed.textContent()).toContain('d1-robots');
    expect(await row.locator('td').nth(4).textContent()).toBe(String(DEMO_SCENES - 1));
    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply import' }).click();
    await toastShown(page, 'Import applied');
    const title = await page.evaluate(async () => {
      const res = await fetch('/api/play/scenes/d1-robots', { credentials: 'include' });
      return ((await res.json()) as { scene: { title: string } }).scene.title;
    });
    expect(title).toBe('robots.txt: The Doorman');
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
