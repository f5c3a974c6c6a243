import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'webmaster@example.com';
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

/** What a crawler gets: the HTML of a path, fetched without a browser. */
async function rawHtml(path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('website settings', () => {
  it('SEO settings, the home page texts and a footer page, as an admin writes them and as crawlers and players see them', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    const watched = watchPage(admin);
    await registerAdmin(admin, server.url, ADMIN);

    // SEO & Scripts: the title counter and the 60-character limit.
    await admin.goto(`${server.url}/admin/seo-settings`);
    await admin.getByRole('heading', { level: 1, name: 'SEO & Scripts' }).waitFor();
    const title = admin.getByLabel('SEO Title');
    await title.waitFor();
    await checkA11y(admin);
    await title.fill('x'.repeat(61));
    await admin.getByText('61/60').waitFor();
    expect(await admin.getByRole('button', { name: 'Save Settings' }).isDisabled()).toBe(true);
    await title.fill('Hats & Ranks: the SEO game');
    await admin.getByLabel('SEO Description').fill('Play a hat shop owner chasing rank #1.');
    await admin.getByRole('tab', { name: 'Custom Scripts' }).click();
    await admin.getByLabel('Header Scripts').fill('<script>window.__seoScriptRan = true;</script>');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await toastShown(admin, 'SEO settings saved successfully');

    const home = await rawHtml('/');
    expect(home).toContain('<title>Hats &amp; Ranks: the SEO game</title>');
    expect(home).toContain('Play a hat shop owner chasing rank #1.');
    // The admin area gets neither the scripts nor the meta.
    expect(await rawHtml('/admin')).not.toContain('__seoScriptRan');

    // The custom script runs on public pages (it carries the page's CSP nonce).
    const player = await context.newPage();
    await player.goto(`${server.url}/`);
    await player.waitForFunction(() => (window as { __seoScriptRan?: boolean }).__seoScriptRan);

    // Homepage editor: the start screen shows the new texts.
    await admin.goto(`${server.url}/admin/homepage-editor`);
    await admin
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByText('Homepage Editor')
      .waitFor();
    const subtitle = admin.getByLabel('Subtitle');
    await subtitle.waitFor();
    await checkA11y(admin);
    await subtitle.fill('Hats off to search engines');
    await admin.getByLabel('Button Text').fill('Open the Shop');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(admin, 'Homepage content and SEO settings saved successfully');
    await player.goto(`${server.url}/`);
    await player.getByText('Hats off to search engines').waitFor();
    await player.getByRole('link', { name: 'Open the Shop' }).waitFor();

    // Footer pages: an edited About page.
    await admin.goto(`${server.url}/admin/pages`);
    const aboutTitle = admin.getByLabel('Title');
    await aboutTitle.waitFor();
    await checkA11y(admin);
    await aboutTitle.fill('About the Hat Shop');
    await admin.getByLabel('Text').fill('First paragraph.\n\nSecond paragraph.');
    await admin.getByRole('button', { name: 'Save Page' }).click();
    await toastShown(admin, 'Page saved successfully');
    await player.goto(`${server.url}/page/about`);
    await player.getByRole('heading', { level: 1, name: 'About the Hat Shop' }).waitFor();
    await player.getByText('Second paragraph.').waitFor();

    const robots = await rawHtml('/robots.txt');
    expect(robots).toContain('Sitemap:');
    expect(await rawHtml('/sitemap.xml')).toContain('/page/about');

    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
