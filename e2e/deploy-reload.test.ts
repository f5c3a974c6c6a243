import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin } from './support/admin.ts';
import { shotOf } from './support/big-story.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'deployer@example.com';
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAILS: ADMIN } }),
    launchBrowser(),
  ]);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  await registerAdmin(page, server.url, ADMIN);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

const shot = (name: string) => shotOf(page, name);

/**
 * A redeploy while the page is open: the code files the page was built with are gone (new
 * names), so every file the page has not loaded yet answers 404.
 */
async function redeploy() {
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
}
async function undeploy() {
  await page.unroute('**/assets/**');
}

describe('a part of the app that fails to load after a deploy', () => {
  it('a screen: says so in words and reloads into the new version', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await redeploy();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Story Map' })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'SEO Adventure was updated' });
    await alert.waitFor();
    await shot('deploy-screen-1366');
    await undeploy();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Story Map' }).waitFor();
    expect(page.url()).toBe(`${server.url}/admin/story-map`);
  });

  it('a part of a screen (the map editor): the rest of the page stays, with a reload button', async () => {
    await page.goto(`${server.url}/admin/story-map`);
    await page.getByTestId('map-node-intro').waitFor();
    await redeploy();
    await page.getByTestId('map-node-intro').click();
    const alert = page.getByRole('alert').filter({ hasText: 'SEO Adventure was updated' });
    await alert.waitFor();
    // The map is still there beside the message.
    expect(await page.getByTestId('story-map').isVisible()).toBe(true);
    await shot('deploy-part-1366');
    await undeploy();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('map-node-intro').waitFor();
  });
});
