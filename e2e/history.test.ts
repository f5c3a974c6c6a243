import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { adminApi, loginAdmin, registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'historian@example.com';
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

const api = adminApi;

async function saveScene(page: Page) {
  await page.getByRole('button', { name: 'Save Scene' }).click();
  await page.locator('[role=status]', { hasText: 'All changes saved' }).waitFor();
}

describe('history: restore a revision, undo a delete, undo an import', () => {
  it('edits a scene twice, restores the earlier revision and plays it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);
    const made = await api(page, 'POST', '/api/admin/scenes', {
      id: 'hat-fair',
      title: 'The Hat Fair',
      description: 'Stalls of hats as far as you can see.',
      options: [{ text: 'Go back to the shop', destinationType: 'scene', nextSceneId: 'intro' }],
    });
    expect(made.status).toBe(201);

    await page.goto(`${server.url}/admin/scenes/hat-fair`);
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('A small fair: three stalls and a brass band.');
    await saveScene(page);
    await page.getByLabel('Title', { exact: true }).fill('The Hat Fair, Rained Out');
    await description.fill('Rain. The stalls pack up early.');
    await saveScene(page);

    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: /^History: / });
    await dialog.getByText('Revision 3').waitFor();
    // The first save is revision 2: it differs from now in the title and the description.
    await dialog.getByRole('radio', { name: /Revision 2 / }).check();
    const changes = dialog.getByRole('region', { name: 'Changes since revision 2' });
    await changes.getByText('A small fair: three stalls and a brass band.').waitFor();
    await changes.getByText('Rain. The stalls pack up early.').waitFor();
    await changes.getByText('The Hat Fair, Rained Out').waitFor();
    expect(await changes.locator('li').count()).toBe(2);
    await checkA11y(page);
    await shot(page, 'history-dialog-1366');
    await dialog.getByRole('button', { name: 'Restore revision 2' }).click();
    await toastShown(page, 'Revision restored');
    await expect
      .poll(() => description.inputValue())
      .toBe('A small fair: three stalls and a brass band.');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('The Hat Fair');
    // The restore is itself a revision, by this admin.
    const list = await api(page, 'GET', '/api/admin/history/scene/hat-fair');
    expect(list.body.revisions[0]).toMatchObject({
      revision: 4,
      action: 'restore',
      authorName: 'Editor',
    });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'History' }).click();
    await dialog.getByRole('radio', { name: /Revision 3 / }).check();
    await dialog.getByRole('region', { name: 'Changes since revision 3' }).waitFor();
    await shot(page, 'history-dialog-375');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.setViewportSize({ width: 1366, height: 768 });

    // Played as restored.
    await page.getByRole('button', { name: 'Play from here' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start test game' }).click();
    await page.waitForURL(`${server.url}/game/scene/hat-fair`);
    await page.getByText('A small fair: three stalls and a brass band.').waitFor();
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('deletes a scene, restores it from History, and undoes an import', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);

    await page.goto(`${server.url}/admin/scenes`);
    await page.getByRole('searchbox', { name: 'Search scenes' }).fill('hat-fair');
    await page.getByRole('button', { name: 'Delete The Hat Fair' }).click();
    await page.getByRole('button', { name: 'Delete Scene' }).click();
    await toastShown(page, 'Scene Deleted');
    expect((await api(page, 'GET', '/api/admin/scenes/hat-fair')).status).toBe(404);

    await page.goto(`${server.url}/admin/history`);
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Restore The Hat Fair' }).click();
    await toastShown(page, "'The Hat Fair' is back.");
    await page.getByText(/^Undone /).waitFor();
    const back = await api(page, 'GET', '/api/admin/scenes/hat-fair/options');
    expect(back.body.options.map((o: { text: string }) => o.text)).toEqual(['Go back to the shop']);

    // An import that renames the first scene, then 'Undo import'.
    const exported = await api(page, 'GET', '/api/admin/export.json');
    const before = exported.body.scenes.find((s: { id: string }) => s.id === 'intro').title;
    const renamed = {
      ...exported.body,
      scenes: exported.body.scenes.map((s: { id: string }) =>
        s.id === 'intro' ? { ...s, title: 'Imported opening' } : s,
      ),
    };
    const applied = await api(page, 'POST', '/api/admin/import', {
      format: 'json',
      text: JSON.stringify(renamed),
    });
    expect(applied.status).toBe(200);
    const title = async () =>
      (await api(page, 'GET', '/api/admin/scenes/intro')).body.scene.title as string;
    expect(await title()).toBe('Imported opening');
    await page.reload();
    await page
      .getByRole('button', { name: /^Undo import Import \(scenes: 0 added, 1 changed/ })
      .click();
    await toastShown(page, 'Import undone');
    expect(await title()).toBe(before);
    await shot(page, 'history-page-1366');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'history-page-375');
    expect(watched.problems).toEqual([]);
    await context.close();
  });
  it("says 'You are offline' while a save waits for the connection, then saves", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/scenes/hat-fair`);
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Written on a train without signal.');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save Scene' }).click();
    await page
      .locator('[role=status]', {
        hasText: 'You are offline - will retry when the connection is back',
      })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Saving...' }).count()).toBe(0);
    await context.setOffline(false);
    await page.locator('[role=status]', { hasText: 'All changes saved' }).waitFor();
    const saved = await api(page, 'GET', '/api/admin/scenes/hat-fair');
    expect(saved.body.scene.description).toBe('Written on a train without signal.');
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});

/** Imports the adventure as exported, with `change` applied to the scene `id`. */
async function importChanging(page: Page, id: string, change: Record<string, unknown>) {
  const exported = (await api(page, 'GET', '/api/admin/export.json')).body;
  const file = {
    ...exported,
    scenes: exported.scenes.map((s: { id: string }) => (s.id === id ? { ...s, ...change } : s)),
  };
  const applied = await api(page, 'POST', '/api/admin/import', {
    format: 'json',
    text: JSON.stringify(file),
  });
  expect(applied.status).toBe(200);
}

describe('undo never destroys later work (docs/history.md)', () => {
  it('an undo of an import after later work asks, and keeps that work (1366x768)', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await importChanging(page, 'intro', { title: 'Imported opening' });

    // Later work in the editor: a new scene, written and saved after the import.
    expect(
      (
        await api(page, 'POST', '/api/admin/scenes', {
          id: 'milliner',
          title: 'The Milliner',
          description: 'A first draft.',
        })
      ).status,
    ).toBe(201);
    await page.goto(`${server.url}/admin/scenes/milliner`);
    await page.getByLabel('Description', { exact: true }).fill('She measures every head twice.');
    await page.getByRole('button', { name: 'Save Scene' }).click();
    await page.locator('[role=status]', { hasText: 'All changes saved' }).waitFor();

    await page.goto(`${server.url}/admin/history`);
    await page
      .getByRole('button', { name: /^Undo import Import \(scenes: 0 added, 1 changed/ })
      .click();
    const ask = page.getByRole('alertdialog', { name: 'Work was done after this import' });
    await ask.getByText('remove what was made after it: scene "The Milliner"').waitFor();
    await checkA11y(page);
    await shot(page, 'undo-import-asks-1366');
    // 'Keep everything as it is' changes nothing.
    await ask.getByRole('button', { name: 'Keep everything as it is' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect((await api(page, 'GET', '/api/admin/scenes/milliner')).status).toBe(200);

    await page.getByRole('button', { name: /^Undo import Import/ }).click();
    await ask.getByRole('button', { name: 'Undo import anyway' }).click();
    await toastShown(page, 'Import undone');
    expect((await api(page, 'GET', '/api/admin/scenes/intro')).body.scene.title).not.toBe(
      'Imported opening',
    );
    // The later scene is in Recently deleted, as it was last saved, and comes back from there.
    await page.getByRole('button', { name: 'Restore The Milliner' }).click();
    await toastShown(page, "'The Milliner' is back.");
    const back = await api(page, 'GET', '/api/admin/scenes/milliner');
    expect(back.body.scene.description).toBe('She measures every head twice.');
    await shot(page, 'undo-import-kept-1366');
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('a save from an editor opened before an import is a conflict, not an overwrite', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/scenes/milliner`);
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Typed while someone imported.');
    await importChanging(page, 'milliner', { description: 'From the import.' });

    await page.getByRole('button', { name: 'Save Scene' }).click();
    await page
      .getByRole('alert')
      .getByRole('heading', { name: 'Someone else saved this scene after you opened it' })
      .waitFor();
    await shot(page, 'stale-save-after-import-1366');
    const stored = await api(page, 'GET', '/api/admin/scenes/milliner');
    expect(stored.body.scene.description).toBe('From the import.');
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
