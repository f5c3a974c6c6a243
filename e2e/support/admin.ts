import type { Page } from 'playwright-core';
import { promoteListed } from '../../test/http-kit.ts';

/**
 * Registers `email` at /auth; listed in the server's ADMIN_EMAILS, it is then promoted as the
 * operator would (`npm run admin -- promote`, test/http-kit.ts promoteListed).
 */
export async function registerAdmin(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill('Editor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('editorpass1');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${baseUrl}/game/scene/intro`);
  promoteListed(baseUrl, email);
  // The page read its session before the promotion: read it again, as the admin would by reloading.
  await page.reload();
}

/** Signs `email` (registered by registerAdmin) in again at /auth, in a new context: an admin lands on the dashboard. */
export async function loginAdmin(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('editorpass1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

/** Waits for a toast with this text. */
export function toastShown(page: Page, text: string): Promise<void> {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** Calls the admin API from the page (the admin's session); answers the status and JSON body. */
export function adminApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        credentials: 'include',
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}
