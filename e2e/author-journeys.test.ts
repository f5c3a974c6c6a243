import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
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

/** An admin API call from the page (the admin's cookie); fails the test on an error status. */
async function adminPost(page: Page, path: string, body: unknown): Promise<void> {
  const status = await page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return res.status;
    },
    [path, body] as const,
  );
  expect(status, path).toBeLessThan(300);
}

const boxesOverlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("an author's journeys", () => {
  it('play-tests a branch gated on an item and a flag from the editor, then finds their own game at /game', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);
    await adminPost(page, '/api/admin/scenes', {
      id: 'ux-fork',
      title: 'A Fork in the Road',
      description: 'Two paths. One needs a hat, one a secret.',
    });
    for (const [text, requiredItems] of [
      ['Wear the lucky hat', ['Lucky Hat']],
      ['Use the secret handshake', ['Flag: Met Dex']],
    ] as const) {
      await adminPost(page, '/api/admin/scenes/ux-fork/options', {
        text,
        destinationType: 'scene',
        nextSceneId: 'intro',
        requiredItems,
      });
    }

    await page.goto(`${server.url}/admin/scenes/ux-fork`);
    // An edit not saved yet: the test saves it first, instead of asking to leave without saving.
    await page
      .getByLabel('Description', { exact: true })
      .fill('Two paths, freshly edited. One needs a hat, one a secret.');
    await page.getByRole('button', { name: 'Play from here' }).click();
    const dialog = page.getByRole('dialog');
    // The items this scene's options need are offered; others can be typed.
    await dialog.getByRole('checkbox', { name: 'Lucky Hat' }).check();
    expect(await dialog.getByRole('checkbox', { name: 'Flag: Met Dex' }).isChecked()).toBe(false);
    await dialog.getByLabel('Other items').fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Save and start test game' }).click();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/longer than 100 characters/);
    // A refused start saves nothing (the dialog's submit once bubbled to the editor's form).
    expect(await page.locator('[role=status]', { hasText: 'Unsaved changes' }).count()).toBe(1);
    await dialog.getByLabel('Other items').fill('Flag: Met Dex, Map');
    await dialog.getByRole('button', { name: 'Save and start test game' }).click();

    await page.waitForURL(`${server.url}/game/scene/ux-fork`);
    await page.getByTestId('playtest-bar').waitFor();
    await page.getByText('Two paths, freshly edited.').waitFor();
    const options = page.getByRole('region', { name: 'What will you do?' });
    // Both gated options are offered, and neither is locked.
    for (const text of ['Wear the lucky hat', 'Use the secret handshake']) {
      await expect
        .poll(() => options.getByRole('button', { name: new RegExp(`^${text}`) }).isEnabled())
        .toBe(true);
    }

    // Leaving for the admin area and coming back to the game: the player's own game, said so.
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.getByRole('link', { name: 'Play Game' }).click();
    await page.waitForURL(`${server.url}/game`);
    await toastShown(page, 'Play-test ended');
    expect(await page.getByTestId('playtest-bar').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('progress').textContent())
      .not.toBe('A Fork in the Road');
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('on a phone, a failed save leaves the dialog closable and focuses the field in error', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await loginAdmin(page, server.url, ADMIN);

    await page.goto(`${server.url}/admin/random-events`);
    await page.getByRole('button', { name: 'Add Random Event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Server fire');
    await dialog.getByLabel('Description').fill('Smoke everywhere');
    await dialog.getByLabel('Frequency (every N choices)').fill('0');
    // A change that is not a number is said so next to it (the spec saves it as 0).
    await dialog.getByLabel('Budget').fill('abc');
    expect(await dialog.getByText('Not a whole number: saved as 0').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Save Event' }).click();
    await toastShown(page, 'Validation Error');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id')))
      .toMatch(/frequency$/);

    await dialog.evaluate((d) => {
      d.scrollTop = 0;
    });
    const close = dialog.getByRole('button', { name: 'Close' });
    const closeBox = await close.boundingBox();
    const toastBox = await page.locator('[data-sonner-toast]').first().boundingBox();
    expect(closeBox && toastBox && boxesOverlap(closeBox, toastBox)).toBe(false);
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('names unreachable scenes by title and ID on the story map', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await loginAdmin(page, server.url, ADMIN);
    for (const id of ['twin-a', 'twin-b']) {
      await adminPost(page, '/api/admin/scenes', {
        id,
        title: 'The Twin',
        description: 'Same title, different scene.',
        isEnding: true,
      });
    }
    await page.goto(`${server.url}/admin/story-map`);
    const summary = page.getByRole('complementary', { name: 'Story summary' });
    // ux-fork (the first journey's scene) is unreachable too.
    await expect
      .poll(() => summary.getByTestId('count-unreachable-scenes').textContent())
      .toBe('3');
    for (const id of ['twin-a', 'twin-b']) {
      // Each entry brings its own box into view.
      await summary.getByRole('button', { name: `The Twin (${id})` }).click();
      expect(await page.getByTestId(`map-node-${id}`).textContent()).toContain(id);
    }
    await context.close();
  });

  it("writes a placeholder's scene from the editor and 'Save & Return' comes back to the branch", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await loginAdmin(page, server.url, ADMIN);
    await adminPost(page, '/api/admin/scenes', {
      id: 'hat-stall',
      title: 'The Hat Stall',
      description: 'A stall at the fair.',
    });
    await adminPost(page, '/api/admin/scenes/hat-stall/options', {
      text: 'Sell rain hats',
      destinationType: 'scene',
      nextSceneId: 'Rain Hats',
      isPlaceholder: true,
    });
    await page.goto(`${server.url}/admin/scenes/hat-stall`);
    await page.getByRole('link', { name: 'Create Scene' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Scene: rain-hats' }).waitFor();
    await page.getByLabel('Description', { exact: true }).fill('Rain hats sell out by noon.');
    await page.getByRole('button', { name: 'Save & Return' }).click();
    await page.waitForURL(`${server.url}/admin/scenes/hat-stall`);
    // The placeholder now leads to the scene just written.
    await page.getByText('Rain Hats', { exact: false }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Create Scene' }).count()).toBe(0);
    await context.close();
  });
});
