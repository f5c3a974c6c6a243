import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { playToEnding, storyPlanner } from './support/class-plan.ts';
import { choose, serverGame } from './support/play.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * Class mode (docs/class-mode.md): a teacher creates a class on a laptop, five students join on
 * phones with the code and play, and the class page follows each of them live.
 */
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const shots = process.env.E2E_SHOTS;
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
const NAMES = ['Ada L', 'Ben K', 'Cleo M', 'Dev P', 'Eve R'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

async function open(viewport: typeof LAPTOP): Promise<Page> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  contexts.push(context);
  const page = await context.newPage();
  watchPage(page);
  return page;
}

/** Registers an account with the page's own cookie jar. */
async function register(page: Page, name: string): Promise<void> {
  const res = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { origin: server.url },
    data: {
      name,
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      password: 'secret123',
    },
  });
  expect(res.status()).toBe(200);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  await page.screenshot({ path: `${shots}/${name}-top.png` });
}

/** The text of a student's row on the class page. */
const row = (teacher: Page, name: string) =>
  teacher
    .locator(`tr[data-student="${name}"]`)
    .textContent()
    .then(
      (t) => t ?? '',
      () => '',
    );

describe('class mode', () => {
  it('a teacher follows five students live, exports them, and closes the class', async () => {
    const teacher = await open(LAPTOP);
    await register(teacher, 'Ms Hatter');
    await teacher.goto(`${server.url}/teach`);
    await teacher.getByLabel('Class name').fill('Hat shop SEO, period 3');
    await teacher.getByRole('button', { name: 'Create class' }).click();
    await teacher.waitForURL(/\/teach\/[^/]+$/);
    const classId = new URL(teacher.url()).pathname.split('/').pop()!;
    const spoken = (await teacher.locator('strong.font-mono').textContent()) ?? '';
    const code = spoken.replace(/\s/g, '');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    await teacher.getByRole('img', { name: /QR code of the join link/ }).waitFor();
    await checkA11y(teacher);
    await shot(teacher, 'teach-class-empty-1366');

    const students: Page[] = [];
    for (const [i, name] of NAMES.entries()) {
      const page = await open(PHONE);
      // Some come by the link (or QR code), some type the code on /join.
      if (i % 2 === 0) await page.goto(`${server.url}/join/${code}`);
      else {
        await page.goto(`${server.url}/join`);
        await page.getByLabel('Class code').fill(code.toLowerCase());
      }
      if (i === 0) {
        await page.getByRole('heading', { name: 'Join Hat shop SEO, period 3' }).waitFor();
        await checkA11y(page);
        await shot(page, 'join-375');
      }
      await page.getByLabel('Your name').fill(name);
      await page.getByRole('button', { name: 'Join and play' }).click();
      await page.waitForURL(/\/game\/scene\//);
      students.push(page);
    }

    // Each plays a choice on the phone; the class page shows where they are within 2 s.
    for (const [i, page] of students.entries()) {
      await choose(page, i % 2 === 0 ? 'first' : 'last');
      const { currentSceneTitle } = await serverGame(page);
      await expect
        .poll(() => row(teacher, NAMES[i]!), { timeout: 2000 })
        .toContain(currentSceneTitle!);
    }

    // One student buys every shortcut on offer and heads for an ending (picked from the live scene).
    const planner = storyPlanner();
    const run = await playToEnding(students[0]!, planner.pick);
    expect(run.ending).not.toBeNull();
    // A finished game's recap names the shortcuts bought ('Bought: ' items, prefix removed).
    const bought = (await serverGame(students[0]!)).recap?.bought[0];
    expect(bought).toBeDefined();
    const endings = teacher.getByRole('list', { name: 'Endings reached' });
    await expect
      .poll(async () => (await endings.textContent()) ?? '', { timeout: 2000 })
      .toContain(run.ending!);
    const shortcuts = teacher.getByRole('list', { name: 'Shortcuts bought' });
    await expect
      .poll(async () => (await shortcuts.textContent()) ?? '', { timeout: 2000 })
      .toContain(bought!);
    expect(await row(teacher, NAMES[0]!)).toContain(`Ending: ${run.ending}`);
    await checkA11y(teacher);
    await shot(teacher, 'teach-class-1366');

    const csv = await teacher.request.get(`${server.url}/api/teach/classes/${classId}/export.csv`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    for (const name of NAMES) expect(text).toContain(name);

    // Another account: 404 from the API, 'Class not found' on the page, no names anywhere.
    const other = await open(LAPTOP);
    await register(other, 'Mr Nosy');
    const api = await other.request.get(`${server.url}/api/teach/classes/${classId}`);
    expect(api.status()).toBe(404);
    await other.goto(`${server.url}/teach/${classId}`);
    await other.getByRole('heading', { name: 'Class not found' }).waitFor();
    expect(await other.content()).not.toContain(NAMES[1]);

    // The teacher closes the class: a sixth student is told so next to the code.
    await teacher.getByRole('button', { name: 'Close to new students' }).click();
    await teacher.getByText('Closed to new students').waitFor();
    const sixth = await open(PHONE);
    await sixth.goto(`${server.url}/join/${code}`);
    await sixth.getByLabel('Your name').fill('Fay Late');
    await sixth.getByRole('button', { name: 'Join and play' }).click();
    await expect
      .poll(() =>
        sixth
          .locator('#class-code-error')
          .textContent()
          .then(
            (t) => t ?? '',
            () => '',
          ),
      )
      .toContain('This class is closed to new students');
    expect(sixth.url()).toContain('/join/');
    await checkA11y(sixth);
    await shot(sixth, 'join-closed-375');

    if (shots) {
      await teacher.goto(`${server.url}/teach`);
      await teacher.getByRole('list', { name: 'Classes' }).waitFor();
      await shot(teacher, 'teach-list-1366');
      const phone = await open(PHONE);
      await phone.context().addCookies(await teacher.context().cookies());
      await phone.goto(`${server.url}/teach/${classId}`);
      await phone.getByRole('table', { name: 'Students' }).waitFor();
      await shot(phone, 'teach-class-375');
      await phone.goto(`${server.url}/teach`);
      await phone.getByRole('list', { name: 'Classes' }).waitFor();
      await shot(phone, 'teach-list-375');
      await teacher.goto(`${server.url}/join`);
      await shot(teacher, 'join-1366');
    }
  }, 180_000);
});
