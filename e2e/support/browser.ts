import { type Browser, chromium, type Page } from 'playwright-core';

/** Launches Debian's Chromium (or CHROMIUM_PATH) headless, as CI and containers need it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Records what went wrong in a page: uncaught errors and Content-Security-Policy refusals
 * (a blocked script or style means the built app does not work under its own CSP).
 */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) {
      problems.push(`CSP: ${msg.text()}`);
    }
  });
  return { problems };
}
