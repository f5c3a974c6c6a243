import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { loginAdmin, registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'careful@example.com';
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

const openEditor = async (page: Page, id: string) => {
  await page.goto(`${server.url}/admin/scenes/${id}`);
  await page.getByRole('heading', { level: 1, name: /^Edit Scene: / }).waitFor();
};
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('authoring never loses work', () => {
  it('two tabs on one scene get a conflict, not a silent overwrite', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await context.newPage();
    const watched = watchPage(a);
    await registerAdmin(a, server.url, ADMIN);
    const b = await context.newPage();
    await openEditor(a, 'd1-robots');
    await openEditor(b, 'd1-robots');

    await field(a, 'Subtitle').fill('Edited in tab A');
    await a.getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(a, 'Scene saved');

    // Tab B still shows the old copy and changes another field.
    await field(b, 'Description').fill('Tab B rewrote the description.');
    await b.getByRole('button', { name: 'Save Scene' }).click();
    const conflict = b.getByRole('alert').filter({ hasText: 'Someone else saved this scene' });
    await conflict.waitFor();
    await conflict.getByText('Subtitle', { exact: true }).waitFor();
    await conflict.getByText('Edited in tab A').waitFor();
    await checkA11y(b);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await toastShown(b, 'Scene saved');

    // Both edits survive: B's description on top of A's subtitle.
    await openEditor(a, 'd1-robots');
    expect(await field(a, 'Subtitle').inputValue()).toBe('Edited in tab A');
    expect(await field(a, 'Description').inputValue()).toBe('Tab B rewrote the description.');

    // 'Reload theirs' drops this tab's edit and shows the saved scene.
    await field(b, 'Subtitle').fill('B again');
    await field(a, 'Subtitle').fill('A again');
    await a.getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(a, 'Scene saved');
    await b.getByRole('button', { name: 'Save Scene' }).click();
    await b.getByRole('button', { name: 'Reload theirs' }).click();
    expect(await field(b, 'Subtitle').inputValue()).toBe('A again');
    await b.getByText('All changes saved').waitFor();
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('leaving with unsaved changes asks, and the draft is offered back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    await openEditor(page, 'intro');
    await field(page, 'Subtitle').fill('Typed but not saved');
    await page.getByText('Unsaved changes').waitFor();

    // In-app navigation (the sidebar) asks first; 'Stay' keeps the text.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await checkA11y(page);
    await ask.getByRole('button', { name: 'Stay and keep editing' }).click();
    expect(page.url()).toBe(`${server.url}/admin/scenes/intro`);
    expect(await field(page, 'Subtitle').inputValue()).toBe('Typed but not saved');

    // The browser's own navigation asks too (beforeunload).
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.evaluate(() => {
      window.location.href = '/admin';
    });
    expect(await question).toBe('beforeunload');

    // Leaving anyway; coming back offers the local draft.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${server.url}/admin`);
    await openEditor(page, 'intro');
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await banner.getByRole('button', { name: 'Restore draft' }).click();
    expect(await field(page, 'Subtitle').inputValue()).toBe('Typed but not saved');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save Scene' }).click();
    await toastShown(page, 'Scene saved');
    await openEditor(page, 'intro');
    expect(await page.getByRole('region', { name: 'Unsaved draft' }).count()).toBe(0);
    expect(await field(page, 'Subtitle').inputValue()).toBe('Typed but not saved');
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('deleting a linked scene names its parents and turns the links into placeholders', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await loginAdmin(page, server.url, ADMIN);
    // Two scenes lead to 'pro-shoot': made through the API, as the editor would save them.
    const status = await page.evaluate(async () => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      const go = (text: string, nextSceneId: string) => ({
        text,
        destinationType: 'scene',
        nextSceneId,
      });
      return [
        await post('/api/admin/scenes', { id: 'pro-shoot', title: 'The Pro Shoot' }),
        await post('/api/admin/scenes', {
          id: 'studio',
          title: 'Photo Studio',
          options: [go('Book the pro shoot', 'pro-shoot')],
        }),
        await post('/api/admin/scenes', {
          id: 'gallery',
          title: 'Gallery',
          options: [go('See the shoot', 'pro-shoot')],
        }),
      ];
    });
    expect(status).toEqual([201, 201, 201]);

    await page.goto(`${server.url}/admin/scenes`);
    await page.getByRole('searchbox', { name: 'Search scenes' }).fill('pro-shoot');
    await page.getByRole('button', { name: 'Delete The Pro Shoot' }).click();
    const dialog = page.getByRole('dialog', { name: "Delete 'The Pro Shoot'?" });
    const parents = dialog.getByRole('list', { name: 'Options that lead here' });
    await parents.getByText("'Book the pro shoot'").waitFor();
    await parents.getByText("'See the shoot'").waitFor();
    await dialog.getByText('2 options lead here:').waitFor();
    await checkA11y(page);
    expect(await dialog.getByLabel(/Turn these links into placeholders/).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete Scene' }).click();
    await toastShown(page, 'Scene Deleted');

    await openEditor(page, 'studio');
    await page.getByText('Pro shoot (not yet written)').waitFor();

    // Kept as they were, links to a deleted scene are marked broken under the option.
    await page.goto(`${server.url}/admin/scenes`);
    await page.getByRole('searchbox', { name: 'Search scenes' }).fill('gallery');
    await page.getByRole('button', { name: 'Delete Gallery' }).click();
    await page.getByText('No other scene leads here.').waitFor();
    await page.getByRole('button', { name: 'Delete Scene' }).click();
    await toastShown(page, 'Scene Deleted');
    const broken = await page.evaluate(async () => {
      await fetch('/api/admin/scenes', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'doomed', title: 'Doomed' }),
      });
      await fetch('/api/admin/scenes/studio/options', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: 'Into doom',
          destinationType: 'scene',
          nextSceneId: 'doomed',
        }),
      });
      return (await fetch('/api/admin/scenes/doomed', { method: 'DELETE', credentials: 'include' }))
        .status;
    });
    expect(broken).toBe(204);
    await openEditor(page, 'studio');
    await page.getByText("Broken link: no scene has the ID 'doomed'", { exact: false }).waitFor();
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
