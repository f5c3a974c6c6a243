import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftReply, type OpenAiStub, startOpenAiStub } from '../test/server/openai-stub.ts';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'slow-model@example.com';
/** Longer than the 10 s every other request of the app may take. */
const ANSWER_AFTER_MS = 20_000;
let provider: OpenAiStub;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  provider = await startOpenAiStub({
    delayMs: ANSWER_AFTER_MS,
    pieces: 12,
    pieceGapMs: 300,
    content: draftReply({
      description: 'The storm took the awning. Customers shelter under your hats.',
      options: [
        { text: 'Sell umbrellas too', nextSceneId: 'umbrellas', statChanges: { revenue: 8 } },
        { text: 'Close for the day', nextSceneId: 'intro', statChanges: { gold: -2 } },
      ],
    }),
  });
  [server, browser] = await Promise.all([
    startServer({
      env: {
        ADMIN_EMAILS: ADMIN,
        AI_API_KEY: 'sk-slow',
        AI_BASE_URL: provider.baseUrl,
        AI_MODEL: 'slow-model',
        AI_TIMEOUT_SECONDS: '60',
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
  await provider?.close();
});

describe('AI drafts that arrive', () => {
  it('a draft answered after 20 s streams into the editor, and Cancel stops another', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await registerAdmin(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin/scenes/new`);
    await page.getByLabel('Scene ID').fill('storm');
    await page.getByLabel('Title', { exact: true }).fill('The Storm');
    await page.getByLabel('Description', { exact: true }).fill('My own words about the storm.');

    await page.getByRole('button', { name: 'Generate with AI (4 options)' }).click();
    await page.getByText('Asking slow-model…').waitFor();
    await checkA11y(page);
    // The text shows as the model writes it, before the draft is finished.
    await page
      .getByRole('region', { name: 'AI draft so far' })
      .getByText('The storm', { exact: false })
      .waitFor({ timeout: ANSWER_AFTER_MS + 30_000 });
    await page.getByText('slow-model is writing…').waitFor();
    const review = page.getByRole('region', { name: 'AI draft', exact: true });
    await review
      .getByText('The storm took the awning.', { exact: false })
      .waitFor({ timeout: ANSWER_AFTER_MS + 30_000 });
    await review.getByRole('button', { name: 'Use Draft' }).click();
    // The description was written by hand: taking the draft asks first.
    const ask = page.getByRole('alertdialog', { name: 'Replace the description?' });
    await ask.getByRole('button', { name: 'Replace with the draft' }).click();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(
      'The storm took the awning. Customers shelter under your hats.',
    );
    expect(await page.getByRole('button', { name: /^Remove option / }).count()).toBe(4);

    // A second draft, cancelled while the provider is still thinking.
    await page.getByRole('button', { name: 'Generate with AI (4 options)' }).click();
    await page.getByText('Asking slow-model…').waitFor();
    await expect.poll(() => provider.requests.length).toBe(2);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled: nothing was changed.').waitFor();
    // The server stopped the provider call too: the provider saw its request go away.
    await expect.poll(() => provider.abandoned).toBe(1);
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(
      'The storm took the awning. Customers shelter under your hats.',
    );
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
