import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'gamemaster@example.com';
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

const publicJson = async (path: string) => (await fetch(`${server.url}${path}`)).json();

describe('random events, fonts and advertisements', () => {
  it('an admin authors them and the play API serves what was saved', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    const watched = watchPage(admin);
    await registerAdmin(admin, server.url, ADMIN);

    // Random events: validation, non-numeric changes become 0, the table, the toggle.
    await admin.goto(`${server.url}/admin/random-events`);
    await admin.getByRole('heading', { level: 1, name: 'Random Events Management' }).waitFor();
    await admin.getByRole('table').waitFor();
    await admin.getByRole('button', { name: 'Add Random Event' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Random Event' });
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByLabel('Frequency (every N choices)').inputValue()).toBe('5');
    await checkA11y(admin);
    await dialog.getByRole('button', { name: 'Save Event' }).click();
    await toastShown(admin, 'Title and description are required');
    await dialog.getByLabel('Title').fill('Hat Influencer Visit');
    await dialog.getByLabel('Description').fill('A famous milliner mentions your shop.');
    await dialog.getByLabel('Frequency (every N choices)').fill('3');
    await dialog.getByLabel('Budget').fill('abc');
    await dialog.getByLabel('Traffic').fill('7');
    await dialog.getByLabel('SEO Ranking').fill('-2');
    await dialog.getByRole('button', { name: 'Save Event' }).click();
    await toastShown(admin, 'Random event created successfully');
    const row = admin.getByRole('row').filter({ hasText: 'Hat Influencer Visit' });
    await row.getByText('Every 3 choices').waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('+7 Traffic, -2 SEO Ranking');
    await row.getByRole('switch').click();
    await toastShown(admin, 'Event deactivated successfully');

    // Fonts: a change reaches the players' font settings.
    await admin.goto(`${server.url}/admin/font-settings`);
    await admin.getByRole('heading', { level: 1, name: 'Font Management' }).waitFor();
    const family = admin.locator('#font-title-family');
    await family.waitFor();
    await checkA11y(admin);
    await family.selectOption('Georgia');
    await admin.locator('#font-content-size').fill('1.25rem');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await toastShown(admin, 'Font settings have been saved successfully.');
    const fonts = await publicJson('/api/play/settings/fonts');
    expect(JSON.stringify(fonts)).toContain('Georgia');
    expect(JSON.stringify(fonts)).toContain('1.25rem');
    await admin.getByRole('button', { name: 'Reset to Defaults' }).click();
    expect(await family.inputValue()).toBe('sans-serif');

    // Advertisements: the default call to action, and players get active ads.
    await admin.goto(`${server.url}/admin/advertisements`);
    await admin.getByRole('heading', { level: 1, name: 'Advertisements' }).waitFor();
    await admin.getByRole('button', { name: 'Add Advertisement' }).click();
    const adDialog = admin.getByRole('dialog', { name: 'Add Advertisement' });
    expect(await adDialog.getByLabel('Button Text').inputValue()).toBe('Learn More');
    await checkA11y(admin);
    await adDialog.getByLabel('Title').fill('Winter Hat Sale');
    await adDialog.getByLabel('Button Link').fill('https://brim.example/sale');
    await adDialog.getByLabel('Priority').fill('99');
    await adDialog.getByRole('button', { name: 'Save Advertisement' }).click();
    await toastShown(admin, 'Advertisement created successfully');
    await admin.getByRole('row').filter({ hasText: 'Winter Hat Sale' }).waitFor();
    const ads = JSON.stringify(await publicJson('/api/play/ads'));
    expect(ads).toContain('Winter Hat Sale');
    expect(ads).toContain('Learn More');

    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
