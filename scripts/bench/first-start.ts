import type { Page } from 'playwright-core';
import { percentile } from './admin-list.ts';
import { launchChromium, newContext } from './chromium.ts';

/**
 * Runs in the page before its own scripts (a string, so no bundler helper leaks into it). It
 * notes every request to /api/ as it is sent (fetch and EventSource, with the page's clock),
 * when the player last clicked, and, at the first DOM change after a click that puts a scene's
 * options on screen under a new heading, the time, the tab title and the heading: a
 * MutationObserver runs before the browser paints that change, so the title read there is the
 * one the first paint shows.
 */
const PROBE = `(() => {
  var probe = { api: [], clickAt: null, shown: null, headingAtClick: null };
  window.__firstStart = probe;
  var note = function (url) {
    try {
      if (new URL(String(url), location.href).pathname.indexOf('/api/') === 0)
        probe.api.push({ url: String(url), t: performance.now() });
    } catch (e) {}
  };
  var fetch0 = window.fetch;
  window.fetch = function (input, init) {
    note(typeof input === 'string' || input instanceof URL ? input : input.url);
    return fetch0.call(this, input, init);
  };
  var ES = window.EventSource;
  if (ES) {
    window.EventSource = function (url, opts) { note(url); return new ES(url, opts); };
    window.EventSource.prototype = ES.prototype;
    window.EventSource.CLOSED = ES.CLOSED;
    window.EventSource.OPEN = ES.OPEN;
    window.EventSource.CONNECTING = ES.CONNECTING;
  }
  var heading = function () {
    var h1 = document.querySelector('h1');
    return h1 ? (h1.textContent || '').trim() : null;
  };
  document.addEventListener('click', function () {
    probe.clickAt = performance.now();
    probe.headingAtClick = heading();
    probe.shown = null;
  }, true);
  new MutationObserver(function () {
    if (probe.clickAt === null || probe.shown !== null) return;
    var option = document.querySelector('#options-heading ~ ol button');
    var h = heading();
    if (!option || h === probe.headingAtClick) return;
    probe.shown = { t: performance.now(), title: document.title, heading: h };
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** What one click showed: how long until the options were in the DOM, and what was asked first. */
export interface ClickShown {
  /** From the click to the options in the DOM (before their paint), in the page's clock. */
  ms: number;
  /** The /api/ requests sent from the click until then, in order. */
  api: string[];
  /** document.title and the h1 when the options appeared. */
  title: string;
  heading: string;
}

/** Installs the probe in a page (before it loads anything). */
export async function probeClicks(page: Page): Promise<void> {
  await page.addInitScript(PROBE);
}

/**
 * Clicks `click` (a probe must be installed) and waits until a scene's options appear under
 * another heading; returns the probe's reading of that moment.
 */
export async function clickUntilOptions(page: Page, click: () => Promise<void>): Promise<ClickShown> {
  await click();
  await page.waitForFunction(
    () => (window as unknown as { __firstStart: { shown: unknown } }).__firstStart.shown !== null,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const p = (
      window as unknown as {
        __firstStart: {
          api: { url: string; t: number }[];
          clickAt: number;
          shown: { t: number; title: string; heading: string };
        };
      }
    ).__firstStart;
    return {
      ms: p.shown.t - p.clickAt,
      api: p.api.filter((r) => r.t >= p.clickAt && r.t <= p.shown.t).map((r) => r.url),
      title: p.shown.title,
      heading: p.shown.heading,
    };
  });
}

/** The start screen's button, by the words it shows (the home page's stored text). */
const START_BUTTON = 'Start Adventure Now';

/** One new visitor: `/` in a fresh context, Start, then one decision on the first scene. */
export interface FirstStartRun {
  start: ClickShown;
  /** The first decision on the first scene: click → the next scene's options. */
  choice: ClickShown | null;
}

/**
 * A new visitor in a fresh Chromium context of `viewport` size: opens `/`, clicks Start and
 * reads when the first scene's options appeared and which API requests came first; then takes
 * the first open option and reads the same of the next scene (a later choice, for comparison).
 */
export async function firstStartRun(
  page: Page,
  baseUrl: string,
  options: { choice?: boolean } = {},
): Promise<FirstStartRun> {
  await probeClicks(page);
  await page.goto(`${baseUrl}/`);
  const button = page.getByRole('link', { name: START_BUTTON, exact: true });
  await button.waitFor();
  // The start screen is hydrated once React answers its clicks: wait until the page is idle.
  await page.waitForLoadState('networkidle');
  const start = await clickUntilOptions(page, () => button.click());
  if (options.choice === false) return { start, choice: null };
  // Read as a player would: the next scenes' prefetch has answered (or 2 s passed).
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => {});
  const option = page.locator('#options-heading ~ ol button:not([disabled])').first();
  const choice = await clickUntilOptions(page, () => option.click()).catch(() => null);
  return { start, choice };
}

export interface FirstStartFigures {
  runs: FirstStartRun[];
  startP50: number;
  choiceP50: number;
  /** The most /api/ requests any run sent before its first options were on screen. */
  maxRequests: number;
}

/**
 * `runs` new visitors, each in a fresh context (no cookie, empty cache) of the given viewport,
 * against the compiled server at `baseUrl`.
 */
export async function firstStartFigures(
  baseUrl: string,
  runs: number,
  viewport = { width: 1366, height: 768 },
): Promise<FirstStartFigures> {
  const browser = await launchChromium();
  try {
    const all: FirstStartRun[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await newContext(browser, baseUrl, viewport);
      try {
        all.push(await firstStartRun(await context.newPage(), baseUrl));
      } finally {
        await context.close();
      }
    }
    const choices = all.flatMap((r) => (r.choice ? [r.choice.ms] : []));
    return {
      runs: all,
      startP50: percentile(
        all.map((r) => r.start.ms),
        50,
      ),
      choiceP50: choices.length ? percentile(choices, 50) : Number.NaN,
      maxRequests: Math.max(...all.map((r) => r.start.api.length)),
    };
  } finally {
    await browser.close();
  }
}
