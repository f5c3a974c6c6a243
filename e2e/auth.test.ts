import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteListed } from '../test/http-kit.ts';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'boss@example.com';
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

async function register(page: Page, name: string, email: string, password: string) {
  await page.goto(`${server.url}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${server.url}/game/scene/intro`);
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('accounts', () => {
  it('registers, logs out, fails a wrong password, logs in again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/auth`);
    await page.getByRole('heading', { name: 'SEO Adventure Game' }).waitFor();
    await checkA11y(page);

    const email = `hatter${Date.now()}@example.com`;
    await register(page, 'Mad Hatter', email, 'tophat123');
    await page.getByText('Registration successful').waitFor();
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Logged out successfully').waitFor();

    await page.goto(`${server.url}/auth`);
    await login(page, email, 'wrong-password');
    // Inline destructive alert and a toast, both with the server's message.
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Login failed' }).waitFor();
    await page.getByRole('tab', { name: 'Register' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Login failed' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Login' }).click();

    await login(page, email, 'tophat123');
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await page.getByText('Welcome back!').waitFor();

    // With a session, /auth says so and moves on.
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await page.getByText('Already logged in').waitFor();
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('shows the admin area to an account promoted on the server and sends a player away', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await register(admin, 'Boss', ADMIN, 'bosspass1');
    // Registering a listed address makes a player; the operator's `npm run admin -- promote` an admin.
    await expect(admin.getByRole('link', { name: 'Admin Panel' }).count()).resolves.toBe(0);
    promoteListed(server.url, ADMIN);
    await admin.reload();
    await admin.getByRole('link', { name: 'Admin Panel' }).click();
    await admin.waitForURL(`${server.url}/admin`);
    await admin.getByRole('link', { name: 'Admin Dashboard' }).waitFor();
    await checkA11y(admin);
    await adminContext.close();

    // Logging in again, an admin lands on the CMS, not in the game.
    const again = await (await browser.newContext()).newPage();
    await again.goto(`${server.url}/auth`);
    await login(again, ADMIN, 'bosspass1');
    await again.waitForURL(`${server.url}/admin`);
    await again.getByRole('link', { name: 'Admin Dashboard' }).waitFor();
    // With a session, /auth moves an admin on to the dashboard too.
    await again.goto(`${server.url}/auth`);
    await again.waitForURL(`${server.url}/admin`);
    await again.context().close();

    // An admin page opened while signed out asks to log in, then returns to that page.
    const deep = await (await browser.newContext()).newPage();
    await deep.goto(`${server.url}/admin/story-map`);
    await deep.waitForURL(`${server.url}/auth?next=%2Fadmin%2Fstory-map`);
    await login(deep, ADMIN, 'bosspass1');
    await deep.waitForURL(`${server.url}/admin/story-map`);
    await deep.context().close();

    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    await register(player, 'Player', `p${Date.now()}@example.com`, 'player123');
    await player.goto(`${server.url}/admin`);
    await player.waitForURL(`${server.url}/auth`);
    expect(await player.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await playerContext.close();
  });
});
