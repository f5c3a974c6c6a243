import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { httpStudent, storyPlanner } from './support/class-plan.ts';
import { choose, serverGame } from './support/play.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * A lesson in class mode (docs/class-mode.md), at both sizes of the teacher's screen: the
 * teacher finds class mode from the home page, creates a class and presents it; 30 students
 * join from one address (five on phones, the rest through the join page's own HTTP calls; one
 * look-alike name refused, one student returning through the closed join page), play, and the
 * debrief shows how the class split at the first decision. Reset asks and can be undone; a
 * signed-in player who opens the link is warned and keeps their game.
 */
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const shots = process.env.E2E_SHOTS;
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
const PHONES = ['Ada L', 'Ben K', 'Cleo M', 'Dev P', 'Eve R'];
const CLASS_SIZE = 30;

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

const text = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .textContent()
    .then(
      (t) => t ?? '',
      () => '',
    );

describe.each([
  ['1366', LAPTOP],
  ['375', PHONE],
])('class mode, the teacher at %s', (size, viewport) => {
  it('finds class mode, presents, 30 students join and play, and the debrief shows the split', async () => {
    const teacher = await open(viewport);
    await register(teacher, `Ms Hatter ${size}`);
    // The way in: the home page's 'For teachers'.
    await teacher.goto(server.url);
    await teacher.getByRole('link', { name: 'For teachers: run a class' }).click();
    await teacher.waitForURL(/\/teach$/);
    await teacher.getByRole('heading', { name: 'Your classes' }).waitFor();
    const className = `Hat shop SEO ${size}`;
    await teacher.getByLabel('Class name').fill(className);
    await teacher.getByRole('button', { name: 'Create class' }).click();
    await teacher.waitForURL(/\/teach\/[^/]+$/);
    const classId = new URL(teacher.url()).pathname.split('/').pop()!;
    const spoken = (await teacher.locator('strong.font-mono').textContent()) ?? '';
    const code = spoken.replace(/\s/g, '');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    await checkA11y(teacher);

    // Present mode: the code at least a tenth of the screen's height, a large QR code.
    await teacher.getByRole('link', { name: 'Present' }).click();
    await teacher.waitForURL(/\/present$/);
    const codeBox = await teacher.getByTestId('present-code').boundingBox();
    expect(codeBox!.height).toBeGreaterThanOrEqual(viewport.height * 0.1);
    const qr = await teacher.getByRole('img', { name: /QR code of the join link/ }).boundingBox();
    expect(Math.min(qr!.width, qr!.height)).toBeGreaterThanOrEqual(
      Math.min(300, viewport.width * 0.75),
    );
    // Nothing moves around the code: no news ticker on this screen.
    expect(await teacher.getByRole('marquee').count()).toBe(0);
    await checkA11y(teacher);

    // Five students on phones: the link (or the typed code), a name, play.
    const phones: Page[] = [];
    for (const [i, name] of PHONES.entries()) {
      const page = await open(PHONE);
      if (i % 2 === 0) await page.goto(`${server.url}/join/${code}`);
      else {
        await page.goto(`${server.url}/join`);
        await page.getByLabel('Class code').fill(code.toLowerCase());
      }
      if (i === 1) {
        // A Cyrillic 'А' posing as Ada: refused next to the name, in words.
        await page.getByLabel('Your name').fill('Аda L');
        await page.getByRole('button', { name: 'Join and play' }).click();
        await expect
          .poll(() => text(page, '#student-name-error'))
          .toContain('Someone in this class already uses this name');
        if (size === '1366') await shot(page, 'join-lookalike-375');
      }
      await page.getByLabel('Your name').fill(name);
      await page.getByRole('button', { name: 'Join and play' }).click();
      await page.waitForURL(/\/game\/scene\//);
      phones.push(page);
    }
    // 25 more through the same calls, from the same address, five at a time (a class arriving).
    const others: Awaited<ReturnType<typeof httpStudent>>[] = [];
    for (let i = 0; i < CLASS_SIZE - PHONES.length; i += 5) {
      const batch = Array.from({ length: 5 }, (_, j) =>
        httpStudent(server.url, code, `Student ${String.fromCharCode(65 + i + j)}`),
      );
      others.push(...(await Promise.all(batch)));
    }
    for (const s of others) {
      expect(s.lookup).toBe(200);
      expect(s.joined, s.joinAnswer).toBe(200);
    }
    await expect
      .poll(() => text(teacher, '[aria-label="Join the class"] [aria-live]'), { timeout: 5000 })
      .toContain(`${CLASS_SIZE} students have joined`);
    // Names hidden on the projector until shown.
    expect(await teacher.locator('body').textContent()).not.toContain('Ada L');
    if (size === '1366') await shot(teacher, 'present-join-1366');

    // The first decision: the phones take the first or last option, the others spread over all.
    const firstPicks = new Map<string, number>();
    const count = (id: string) => firstPicks.set(id, (firstPicks.get(id) ?? 0) + 1);
    for (const [i, page] of phones.entries()) {
      const sent = page.waitForRequest(
        (r) => r.url().endsWith('/api/play/choices') && r.method() === 'POST',
      );
      await choose(page, i % 2 === 0 ? 'first' : 'last');
      count((await sent).postDataJSON().optionId);
    }
    const startScene = await others[0]!.scene();
    for (const [i, s] of others.entries()) {
      const id = await s.decide((offered) => offered[i % offered.length]);
      count(id!);
    }
    // Then the class plays on a little, heading for an ending and buying what is on offer.
    const planner = storyPlanner();
    for (let round = 0; round < 3; round++) {
      await Promise.all(others.map((s) => s.decide(planner.pick)));
    }

    // The debrief on the projector: the class's split at the first decision, as the test made it.
    await teacher.getByRole('tab', { name: 'Debrief' }).click();
    const decision = teacher.getByRole('article', { name: `Decision: ${startScene.title}` });
    await decision.waitFor();
    for (const [optionId, n] of firstPicks) {
      await expect
        .poll(() => decision.locator(`li[data-option="${optionId}"]`).textContent(), {
          timeout: 5000,
        })
        // The count follows the option's text and, for the better option, its 'Better option' tag.
        .toMatch(new RegExp(`(^|\\D)${n} \\(\\d+%\\)`));
    }
    expect(await teacher.locator('body').textContent()).not.toContain('Ada L');
    await checkA11y(teacher);
    if (size === '1366') await shot(teacher, 'present-debrief-1366');
    await teacher.getByRole('tab', { name: 'Class' }).click();
    if (size === '1366') await shot(teacher, 'present-class-1366');

    // Back on the class page: the teacher closes the class; a returning student still gets in.
    await teacher.getByRole('link', { name: 'Exit' }).click();
    await teacher.waitForURL(/\/teach\/[^/]+$/);
    await teacher.getByRole('button', { name: 'Close to new students' }).click();
    await teacher.getByText('Closed to new students', { exact: true }).waitFor();
    const stranger = await open(PHONE);
    await stranger.goto(`${server.url}/join/${code}`);
    await expect
      .poll(() => text(stranger, '#class-code-error'))
      .toContain('This class is closed to new students');
    expect(await stranger.locator('body').textContent()).not.toContain(className);
    const returning = phones[2]!;
    const before = await serverGame(returning);
    await returning.goto(`${server.url}/join/${code}`);
    await returning.getByRole('heading', { name: `Welcome back to ${className}` }).waitFor();
    if (size === '1366') await shot(returning, 'join-returning-375');
    await returning.getByRole('button', { name: 'Back to my game' }).click();
    await returning.waitForURL(/\/game\/scene\//);
    expect((await serverGame(returning)).choiceCount).toBe(before.choiceCount);

    // Reset asks first and can be undone.
    const row = teacher.locator(`tr[data-student="${PHONES[3]}"]`);
    const decisionsBefore = (await serverGame(phones[3]!)).choiceCount;
    expect(decisionsBefore).toBeGreaterThan(0);
    await teacher.getByRole('button', { name: `Reset ${PHONES[3]}'s game` }).click();
    const ask = teacher.getByRole('alertdialog');
    await ask.getByText('You can undo this for 10 minutes').waitFor();
    if (size === '1366') await shot(teacher, 'teach-reset-ask-1366');
    await ask.getByRole('button', { name: 'Reset game' }).click();
    await expect.poll(() => serverGame(phones[3]!).then((g) => g.choiceCount)).toBe(0);
    await teacher.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => serverGame(phones[3]!).then((g) => g.choiceCount))
      .toBe(decisionsBefore);
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe(String(decisionsBefore));
    await checkA11y(teacher);
    if (size === '1366') await shot(teacher, 'teach-class-1366');
    else await shot(teacher, 'teach-class-375');

    // The CSV: a byte-order mark and one line per student.
    const csv = await teacher.request.get(`${server.url}/api/teach/classes/${classId}/export.csv`);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8').trimEnd().split('\r\n')).toHaveLength(CLASS_SIZE + 1);

    // A signed-in player opening the link is warned and keeps their game.
    await teacher.getByRole('button', { name: 'Open to new students' }).click();
    await teacher.getByText('Open: students can join').waitFor();
    const player = await open(PHONE);
    await register(player, `Pat Player ${size}`);
    await player.goto(`${server.url}/game`);
    await player.waitForURL(/\/game\/scene\//);
    await choose(player, 'first');
    await choose(player, 'first');
    const game = await serverGame(player);
    await player.goto(`${server.url}/join/${code}`);
    await player.getByRole('heading', { name: `Join ${className}` }).waitFor();
    await player.getByLabel('Your name').fill('Pat P');
    await player.getByRole('button', { name: 'Join and play' }).click();
    await player
      .getByRole('alert')
      .getByText('You have a game in progress (2 decisions)')
      .waitFor();
    if (size === '1366') await shot(player, 'join-replace-warning-375');
    await player.getByRole('link', { name: 'Keep my game' }).click();
    await player.waitForURL(/\/game/);
    const kept = await serverGame(player);
    expect(kept).toMatchObject({
      choiceCount: game.choiceCount,
      currentSceneId: game.currentSceneId,
    });

    // Another account: 404 from the API, 'Class not found' on the page.
    const other = await open(viewport);
    await register(other, `Mr Nosy ${size}`);
    expect((await other.request.get(`${server.url}/api/teach/classes/${classId}`)).status()).toBe(
      404,
    );
    await other.goto(`${server.url}/teach/${classId}`);
    await other.getByRole('heading', { name: 'Class not found' }).waitFor();
    for (const s of others) await s.ctx.dispose();
  }, 150_000);
});
