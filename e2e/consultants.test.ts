import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { registerAdmin, toastShown } from './support/admin.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = 'curator@example.com';
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

describe('SEO consultants', () => {
  it('a visitor applies with a photo, an admin approves and features, the directory shows it without the e-mail', async () => {
    const visitorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const visitor = await visitorContext.newPage();
    const watched = watchPage(visitor);
    await visitor.goto(`${server.url}/consultants`);
    await visitor.getByRole('heading', { level: 1, name: 'The SEO Experts' }).waitFor();
    // The demo adventure's two approved consultants.
    await visitor.getByRole('heading', { name: 'Marisol Quint' }).waitFor();
    await checkA11y(visitor);

    await visitor.getByRole('main').getByRole('link', { name: 'Become a Consultant' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Become an SEO Consultant' }).waitFor();
    await checkA11y(visitor);
    const photo = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#33ff66' },
    })
      .png()
      .toBuffer();
    await visitor
      .getByLabel('Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await visitor.getByLabel('Name').fill('Rita Rankwell');
    await visitor.getByLabel('Company').fill('Rankwell & Co');
    await visitor.getByLabel('Specialty').fill('Structured data');
    await visitor
      .getByLabel('Bio')
      .fill('Marks up product pages so search engines understand them.');
    await visitor.getByLabel('Contact Email').fill('rita@example.com');
    await visitor.getByLabel('Website URL').fill('https://rankwell.example/');
    await visitor.getByRole('button', { name: 'Submit Application' }).click();
    await toastShown(visitor, 'Your application has been submitted for review');
    await visitor.waitForURL(`${server.url}/consultants`);
    // Pending applications are not public.
    await visitor.getByRole('heading', { name: 'Marisol Quint' }).waitFor();
    expect(await visitor.getByRole('heading', { name: 'Rita Rankwell' }).count()).toBe(0);

    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    const adminWatched = watchPage(admin);
    await registerAdmin(admin, server.url, ADMIN);
    await admin.goto(`${server.url}/admin/consultants`);
    await admin.getByRole('heading', { level: 1, name: 'Consultant Management' }).waitFor();
    // The whole application is shown before it is approved.
    const row = admin.getByRole('article', { name: 'Application of Rita Rankwell' });
    await row.getByText('pending').waitFor();
    await row.getByText('rita@example.com').waitFor();
    await row.getByText('Structured data').waitFor();
    await row.getByText('Marks up product pages so search engines understand them.').waitFor();
    await row.getByRole('link', { name: 'https://rankwell.example/' }).waitFor();
    expect(await row.getByRole('img', { name: 'Rita Rankwell' }).getAttribute('src')).toMatch(
      /^\/uploads\/[a-f0-9]{64}\.png$/,
    );
    await checkA11y(admin);
    await row.getByRole('button', { name: 'Approve Rita Rankwell' }).click();
    await toastShown(admin, 'Consultant approved');
    await row.getByText('approved').waitFor();

    await visitor.reload();
    const card = visitor.getByRole('listitem').filter({ hasText: 'Rita Rankwell' });
    await card.getByText('Structured data').waitFor();
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    expect(await visitor.content()).not.toContain('rita@example.com');

    await row.getByRole('button', { name: 'Feature Rita Rankwell' }).click();
    await toastShown(admin, 'Consultant featured');
    await visitor.reload();
    // Featured consultants come first.
    const first = visitor.getByRole('listitem').first();
    await first.getByRole('heading', { name: 'Rita Rankwell' }).waitFor();
    await first.getByText('Featured').waitFor();

    // Reject: an application that is never published.
    const applied = await admin.evaluate(async () => {
      const res = await fetch('/api/consultants', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Sam Spammer',
          contactEmail: 'sam@example.com',
          bio: 'Buy links!',
        }),
      });
      return res.status;
    });
    expect(applied).toBe(201);
    await admin.reload();
    const spam = admin.getByRole('article', { name: 'Application of Sam Spammer' });
    await spam.getByText('Buy links!').waitFor();
    await spam.getByRole('button', { name: 'Reject Sam Spammer' }).click();
    await toastShown(admin, 'Application rejected');
    await spam.getByText('rejected').waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Rita Rankwell' }).waitFor();
    expect(await visitor.getByText('Sam Spammer').count()).toBe(0);

    expect(watched.problems).toEqual([]);
    expect(adminWatched.problems).toEqual([]);
    await adminContext.close();
    await visitorContext.close();
  });
});
