import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { loginAdmin, registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

/*
 * Undo never destroys later work (docs/history.md): an undo of an import made before later
 * work asks, naming that work, and keeps it; a save from an editor opened before an import is a
 * conflict like any other.
 */

const ADMIN = 'later-work@example.com';
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

/** Calls the admin API from the page (the admin's session) and answers the status and body. */
function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        credentials: 'include',
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

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

describe('undo never destroys later work', () => {
  it('an undo of an import after later work asks, and keeps that work (1366x768)', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);
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
