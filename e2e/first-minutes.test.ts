import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceApplied } from '../core/api/play.ts';
import { formatStat } from '../core/game/stats.ts';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, sceneIdOf } from './support/play.ts';
import { expectChangeLine, expectOptionsReachable, ownScrollers } from './support/scene-checks.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'author@example.com';
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

/** The first-option path of the demo adventure is 25 choices; room for a longer one. */
const MAX_CHOICES = 45;

/** Checks a scene as a player meets it: one scroll, options reachable, no authoring warning. */
async function checkScene(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await ownScrollers(page), `${sceneIdOf(page)}: elements scrolling on their own`).toEqual(
    [],
  );
  expect(await page.getByText('Scene Stats Warning').count()).toBe(0);
  if ((await page.getByRole('heading', { name: 'The End' }).count()) === 0) {
    await expectOptionsReachable(page);
  }
}

/** Makes the first choice the screen offers, passing an event or ad screen (Continue focused). */
async function chooseFirst(page: Page, a11yChecked: Set<string>): Promise<ChoiceApplied> {
  const region = page.getByRole('region', { name: 'What will you do?' });
  const option = region.getByRole('button').and(page.locator(':not([disabled])')).first();
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/play/choices') && r.request().method() === 'POST',
  );
  await option.click();
  const res = await response;
  expect(res.status()).toBe(200);
  const applied = (await res.json()) as ChoiceApplied;
  const { randomEvent, advertisement } = applied.show;
  const title = randomEvent?.title ?? advertisement?.title;
  if (title) {
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const kind = randomEvent ? 'event' : 'ad';
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Continue');
    if (!a11yChecked.has(kind)) {
      a11yChecked.add(kind);
      await checkA11y(page);
    }
    await page.keyboard.press('Enter');
  }
  await page.waitForURL(
    (u) => u.pathname === `/game/scene/${encodeURIComponent(applied.nextSceneId)}`,
  );
  return applied;
}

describe('the first minutes, as a player lives them', () => {
  it.each([
    { width: 1366, height: 768 },
    { width: 375, height: 812 },
  ])('a guest plays from / to an ending at $width×$height', async (viewport) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/`);
    expect(await page.getByRole('link', { name: 'How to Play' }).getAttribute('href')).toBe(
      '/page/how-to-play',
    );
    // One click from the start page to the first scene.
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await checkScene(page);
    await checkA11y(page);

    const a11yChecked = new Set<string>();
    let choices = 0;
    let events = 0;
    while ((await page.getByRole('heading', { name: 'The End' }).count()) === 0) {
      expect(choices, 'no ending reached').toBeLessThan(MAX_CHOICES);
      const applied = await chooseFirst(page, a11yChecked);
      choices++;
      if (applied.show.randomEvent) {
        events++;
        expect(choices, 'an event on the first choice').toBeGreaterThan(1);
      }
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectChangeLine(page, applied);
      await checkScene(page);
      if (viewport.width < 768) {
        // The compact bar at the top shows the new stats.
        const bar = page.getByTestId('stats-bar');
        expect(await bar.isVisible()).toBe(true);
        const budget = formatStat('gold', applied.player.stats.gold);
        await bar.locator('[data-bar-stat="gold"]').getByText(budget).waitFor();
      } else {
        expect(await page.getByTestId('stats-bar').isVisible()).toBe(false);
      }
      if (choices === 1) await checkA11y(page);
    }
    await checkA11y(page);
    expect(choices).toBeGreaterThan(5);
    expect(events).toBeGreaterThan(0);
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it("/auth offers 'Play as guest', and a new account is told it is logged in", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/auth`);
    await checkA11y(page);
    await page.getByRole('link', { name: 'Play as guest' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await choose(page, 'first');

    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name').fill('Hattie');
    await page.getByLabel('Email').fill(`hattie${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('strawboater1');
    await page.getByRole('button', { name: 'Register' }).click();
    await toastShown(page, 'Your account has been created and you are logged in.');
    expect(await page.getByText('you can now log in').count()).toBe(0);
    // The guest's game carried over: the home screen's main button is Continue.
    await page.goto(`${server.url}/game`);
    const main = page.getByRole('button', { name: 'Continue Adventure' });
    await main.waitFor();
    expect(await main.getAttribute('class')).toContain('bg-primary');
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('admins see the Scene Stats Warning; players never do', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await registerAdmin(page, server.url, ADMIN);
    // The first scenes after intro have no stats of their own.
    let warned = false;
    for (let i = 0; i < 4 && !warned; i++) {
      await choose(page, 'first');
      warned = (await page.getByText('Scene Stats Warning').count()) > 0;
    }
    expect(warned).toBe(true);
    await context.close();
  });

  it('the consultant form says what is wrong under the field, not in a toast', async () => {
    const page = await browser.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/consultant-submission`);
    await page.getByLabel('Name').fill('Rita Rankwell');
    await page.getByLabel('Contact Email').fill('rita-at-example');
    await page.getByLabel('Website URL').fill('rankwell');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const email = page.getByLabel('Contact Email');
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Please enter a valid URL starting with http:// or https://').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.getByText('contactEmail:').count()).toBe(0);
    await checkA11y(page);
    expect(watched.problems).toEqual([]);
    await page.close();
  });

  it('unknown footer pages and scenes answer 404 with the not-found screen', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/page/no-such-page`);
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    const scene = await page.request.get(`${server.url}/game/scene/no-such-scene`);
    expect(scene.status()).toBe(404);
    await page.close();
  });
});
