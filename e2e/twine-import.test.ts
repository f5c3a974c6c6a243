import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'twine@example.com';
const FIXTURES = new URL('../test/fixtures/twine/', import.meta.url);
const SHOTS = process.env.SHOTS_DIR;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAILS: ADMIN } }),
    launchBrowser(),
  ]);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

describe('moving a story in from Twine', () => {
  it('imports a Twine 2 published story: errors by line, notes per passage, identity kept in the export', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/import-export`);
    await page.getByRole('heading', { level: 1, name: 'Import / Export' }).waitFor();

    // A bad Twee file: every bad passage named by line, next to the file field.
    await page.getByLabel('Adventure file').setInputFiles({
      name: 'broken.twee',
      mimeType: 'text/plain',
      buffer: Buffer.from(':: StoryData\n{"ifid": }\n\n:: A\none\n'),
    });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Line 2 \(passage "StoryData"\): not valid JSON/);

    // A story whose start leads nowhere: the dry run says so first, in words.
    await page.getByLabel('Adventure file').setInputFiles({
      name: 'stuck.twee',
      mimeType: 'text/plain',
      buffer: Buffer.from(':: Start\nSee [[https://www.canva.com]]\n\n:: Other\nx\n'),
    });
    const stuck = page.getByTestId('import-start-problem');
    await stuck.waitFor();
    expect(await stuck.textContent()).toBe(
      'The start passage "Start" cannot be played: none of its options leads to another scene of the story.',
    );
    if (SHOTS) {
      await page.setViewportSize({ width: 375, height: 812 });
      await stuck.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/import-stuck-375.png` });
      await page.setViewportSize({ width: 1366, height: 768 });
    }

    await page
      .getByLabel('Adventure file')
      .setInputFiles(fileURLToPath(new URL('harlowe-lock-and-key.html', FIXTURES)));
    const report = page.getByTestId('import-report');
    await report.waitFor();
    const row = page.getByTestId('report-scenes');
    expect(await row.locator('td').nth(1).locator('summary').textContent()).toBe('4');
    expect(await page.getByTestId('import-story').textContent()).toContain(
      'Story “Lock and Key: Variable in Harlowe” (IFID 41733B9A-D7C9-4C2D-A27A-2F1D4BB6D189, Harlowe 2.0.1)',
    );
    // The verdict comes first: a player can reach the story's ending here.
    expect(await page.getByTestId('import-verdict').textContent()).toBe(
      'How it plays here: Plays to an ending: "Exit", 2 steps from the start (4 passages of 4 can be reached).',
    );
    const notes = page.getByTestId('import-notes');
    expect(await notes.getByRole('heading').textContent()).toMatch(
      /^What players will see, and what is not run here \(4 notes\)$/,
    );
    // The locked door: Twine shows its link only with the key; here it is always offered.
    expect(await notes.textContent()).toContain(
      'The link "Exit" is shown in Twine only when a condition holds ((if: $key is true)): this game offers it always, so the condition is bypassed.',
    );
    expect(await notes.textContent()).toContain(
      'Passage “Back Room”Line 26: Harlowe macros and conditions (if:), (link:), (set:), (else:)',
    );
    await checkA11y(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-twine-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-twine-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply import' }).click();
    await toastShown(page, 'Import applied');

    // The Twine 2 archive sits beside the Twee export and keeps Twine's positions.
    const archive = page.getByRole('link', { name: 'Download Twine 2 archive' });
    expect(await archive.getAttribute('href')).toBe('/api/admin/export.html');
    const html = await page.evaluate(async () => (await fetch('/api/admin/export.html')).text());
    expect(html).toContain('<tw-storydata name="Lock and Key: Variable in Harlowe"');
    expect(html).toMatch(
      /<tw-passagedata pid="\d+" name="Front Room" tags="" position="304,298" size="100,100">/,
    );

    // The Twee export names the story as Twine knew it.
    const twee = await page.evaluate(async () => (await fetch('/api/admin/export.twee')).text());
    expect(twee).toContain(':: StoryTitle\nLock and Key: Variable in Harlowe\n');
    expect(twee).toContain('"format": "Harlowe"');
    expect(twee).toContain(':: Front Room');
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
