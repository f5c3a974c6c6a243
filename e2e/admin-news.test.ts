import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown as toast } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'editor@example.com';
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

describe('news scroller management', () => {
  it('an admin adds, edits, deactivates and deletes news; an open player ticker follows without reload', async () => {
    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    await player.goto(`${server.url}/`);
    await player.getByRole('link', { name: 'Start Adventure Now' }).click();
    await player.waitForURL(`${server.url}/game/scene/intro`);
    const ticker = player.getByRole('region', { name: 'News' });
    await ticker.waitFor();
    // The player page is never reloaded from here on: navigations would reset this marker.
    await player.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });

    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    const watched = watchPage(admin);
    await registerAdmin(admin, server.url, ADMIN);
    await admin.goto(`${server.url}/admin/news`);
    await admin.getByRole('heading', { level: 1, name: 'News Scroller Management' }).waitFor();
    await admin.getByRole('table').waitFor();
    await checkA11y(admin);

    // Blank content is refused in the spec's words, and nothing is added.
    await admin.getByLabel('Content', { exact: true }).fill('   ');
    await admin.getByRole('button', { name: 'Add News Item' }).click();
    await toast(admin, 'News content cannot be empty');

    const headline = `Hat prices soar ${Date.now()}`;
    await admin.getByLabel('Content', { exact: true }).fill(`  ${headline}  `);
    await admin
      .getByLabel('Link (optional)')
      .fill('https://example.com/a-very-long-news-link-path');
    await admin.getByRole('button', { name: 'Add News Item' }).click();
    await toast(admin, 'News item added successfully');
    const row = admin.getByRole('row').filter({ hasText: headline });
    await row.waitFor();
    expect(await row.getByRole('link').textContent()).toBe('https://example.com/a-ver...');

    // The open player's ticker shows it without a reload.
    await ticker.getByText(headline).first().waitFor({ timeout: 5000 });

    await row.getByRole('button', { name: `Edit: ${headline}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit News Item' });
    await dialog.getByLabel('Content', { exact: true }).fill(`${headline} (updated)`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(admin, 'News item updated successfully');
    await ticker.getByText(`${headline} (updated)`).first().waitFor({ timeout: 5000 });

    const updated = admin.getByRole('row').filter({ hasText: `${headline} (updated)` });
    await updated.getByRole('switch').click();
    await toast(admin, 'News item deactivated successfully');
    await updated.getByText('Inactive').waitFor();
    await ticker
      .getByText(`${headline} (updated)`)
      .first()
      .waitFor({ state: 'detached', timeout: 5000 });

    admin.once('dialog', (d) => d.accept());
    await updated.getByRole('button', { name: `Delete: ${headline} (updated)` }).click();
    await toast(admin, 'News item deleted successfully');
    await updated.waitFor({ state: 'detached' });

    expect(await player.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(watched.problems).toEqual([]);
    await adminContext.close();
    await playerContext.close();
  });
});
