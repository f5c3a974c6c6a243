import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'partners@example.com';
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

describe('sponsor management', () => {
  it('an admin adds a sponsor with a logo; players see it in the scene sponsor panel; edit and delete', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    const watched = watchPage(admin);
    await registerAdmin(admin, server.url, ADMIN);
    await admin.goto(`${server.url}/admin/sponsors`);
    await admin.getByRole('heading', { level: 1, name: 'Sponsor Management' }).waitFor();
    await admin.getByRole('table').waitFor();
    await checkA11y(admin);

    await admin.getByRole('button', { name: 'Add New Sponsor' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add New Sponsor' });
    await dialog.getByLabel('Name').waitFor();
    await checkA11y(admin);
    await dialog.getByLabel('Name').fill('Felt Forward');
    await dialog.getByRole('button', { name: 'Save Sponsor' }).click();
    await toastShown(admin, 'Name and URL are required');
    await dialog.getByLabel('Website URL').fill('felt-forward.example');
    await dialog.getByRole('button', { name: 'Save Sponsor' }).click();
    await toastShown(admin, 'URL must start with http:// or https://');

    await dialog.getByLabel('Website URL').fill('https://felt-forward.example/hats/for/every/head');
    const logo = await sharp({
      create: { width: 120, height: 60, channels: 3, background: '#ffcc00' },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await toastShown(admin, 'Image uploaded successfully');
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Sponsor' }).click();
    await toastShown(admin, 'Sponsor created successfully');
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByRole('row').filter({ hasText: 'Felt Forward' });
    expect(await row.getByRole('link').textContent()).toBe('https://felt-forward.example/h…');

    // A player's scene shows the logo in the sponsor panel.
    const player = await (await browser.newContext()).newPage();
    await player.goto(`${server.url}/`);
    await player.getByRole('link', { name: 'Start Adventure Now' }).click();
    await player.waitForURL(`${server.url}/game/scene/intro`);
    const panel = player.getByRole('region', { name: 'Sponsors' });
    const link = panel.getByRole('link', { name: /Felt Forward/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      'https://felt-forward.example/hats/for/every/head',
    );
    const src = await link.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    const served = await fetch(`${server.url}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');

    await row.getByRole('button', { name: 'Edit Felt Forward' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Sponsor' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Felt Forward');
    await edit.getByLabel('Name').fill('Felt Forward Ltd');
    await edit.getByRole('button', { name: 'Remove' }).click();
    await edit.getByRole('button', { name: 'Save Sponsor' }).click();
    await toastShown(admin, 'Sponsor updated successfully');
    const edited = admin.getByRole('row').filter({ hasText: 'Felt Forward Ltd' });
    await edited.waitFor();

    admin.once('dialog', (d) => d.accept());
    await edited.getByRole('button', { name: 'Delete Felt Forward Ltd' }).click();
    await toastShown(admin, 'Sponsor deleted successfully');
    await edited.waitFor({ state: 'detached' });

    expect(watched.problems).toEqual([]);
    await context.close();
    await player.context().close();
  });
});
