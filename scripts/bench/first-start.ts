import type { Page } from 'playwright-core';
import type { ServerProcess } from '../../test/http-kit.ts';
import { percentile } from './admin-list.ts';
import { launchChromium, newContext } from './chromium.ts';
import { mark, ms, part } from './context.ts';
import { record } from './summary.ts';

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

/** The page's address, alerts and heading, and the probe's requests, for an error message. */
const STATE = `(() => JSON.stringify({
  url: location.href,
  h1: (document.querySelector('h1') || {}).textContent,
  alerts: Array.prototype.map.call(document.querySelectorAll('[role=alert], [role=status]'), function (e) { return e.textContent; }),
  api: window.__firstStart ? window.__firstStart.api.map(function (r) { return r.url; }) : null,
}))()`;

/** What one click showed: how long until the options were in the DOM, and what was asked first. */
interface ClickShown {
  /** From the click to the options in the DOM (before their paint), in the page's clock. */
  ms: number;
  /** The /api/ requests sent from the click until then, in order. */
  api: string[];
  /** document.title and the h1 when the options appeared. */
  title: string;
  heading: string;
  /** How long the first of those requests took, sent to answered (resource timing), or null. */
  firstRequestMs: number | null;
}

/** Installs the probe in a page (before it loads anything). */
async function probeClicks(page: Page): Promise<void> {
  await page.addInitScript(PROBE);
}

/**
 * Clicks `click` (a probe must be installed) and waits until a scene's options appear under
 * another heading; returns the probe's reading of that moment.
 */
async function clickUntilOptions(page: Page, click: () => Promise<void>): Promise<ClickShown> {
  await click();
  try {
    await page.waitForFunction(
      () => (window as { __firstStart?: { shown: unknown } }).__firstStart?.shown != null,
      undefined,
      { timeout: 30_000 },
    );
  } catch (err) {
    // Say where the page stood: its address, what it said and what it asked.
    const said = await page.evaluate<string>(STATE).catch(() => 'unreadable');
    throw new Error(`no options under a new heading within 30 s: ${said}`, { cause: err });
  }
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
    const api = p.api.filter((r) => r.t >= p.clickAt && r.t <= p.shown.t);
    const first = api[0]
      ? performance
          .getEntriesByType('resource')
          .find((e) => e.name.endsWith(api[0]!.url) && e.startTime >= p.clickAt)
      : undefined;
    return {
      ms: p.shown.t - p.clickAt,
      api: api.map((r) => r.url),
      title: p.shown.title,
      heading: p.shown.heading,
      firstRequestMs: first
        ? (first as PerformanceResourceTiming).responseEnd - first.startTime
        : null,
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
  // A click before the app has taken the page over would follow the link the old way (a page
  // load of /game): wait for the app's mark that its handlers are attached (web/main.tsx).
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 });
  const start = await clickUntilOptions(page, () => button.click());
  if (options.choice === false) return { start, choice: null };
  // Read as a player would: the next scenes' prefetch has answered (or 2 s passed).
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => {});
  const option = page.locator('#options-heading ~ ol button:not([disabled])').first();
  const choice = await clickUntilOptions(page, () => option.click()).catch(() => null);
  return { start, choice };
}

interface FirstStartFigures {
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
async function firstStartFigures(
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

/** New visitors the bench sends through Start (each in a fresh context). */
const FIRST_START_RUNS = 10;

/**
 * Start on the home page → the first scene's options on screen, for new visitors in Chromium
 * against the compiled server, beside a later choice of the same visitors (click → the next
 * scene's options) and the API requests sent before the first options.
 */
export async function firstStartPart(s: ServerProcess): Promise<void> {
  await part(
    `Start on the home page → first options on screen (Chromium, ${FIRST_START_RUNS} new visitors)`,
    'first-start',
    async () => {
      const f = await firstStartFigures(s.url, FIRST_START_RUNS);
      const requests = f.runs.map((r) => r.start.api.length);
      const answered = f.runs.flatMap((r) =>
        r.start.firstRequestMs === null ? [] : [r.start.firstRequestMs],
      );
      const ratio = f.startP50 / f.choiceP50;
      console.log(
        `  Start → first options: p50 ${ms(f.startP50)}, max ${ms(Math.max(...f.runs.map((r) => r.start.ms)))}; ` +
          (answered.length
            ? `its request answered in p50 ${ms(percentile(answered, 50))}`
            : 'its request sent after the first paint'),
      );
      console.log(
        `  API requests before the first options: ${Math.min(...requests)}–${f.maxRequests} ` +
          `(${[...new Set(f.runs.flatMap((r) => r.start.api))].join(', ')}) (target ≤ 2 ${mark(f.maxRequests <= 2)})`,
      );
      console.log(
        `  a later choice (click → next scene's options): p50 ${ms(f.choiceP50)}; Start is ${ratio.toFixed(1)}× it ` +
          `(target ≤ 2× ${mark(ratio <= 2)}); tab titled with the scene at the first paint: ` +
          `${f.runs.filter((r) => r.start.title.startsWith(r.start.heading)).length} of ${f.runs.length}`,
      );
      record(
        'Start on the home page → first options on screen',
        `${ms(f.startP50)} p50 (${ratio.toFixed(1)}× a later choice's ${ms(f.choiceP50)}), ${f.maxRequests} API request${f.maxRequests === 1 ? '' : 's'}`,
        '≤ 2× a later choice, ≤ 2 API requests',
        ratio <= 2 && f.maxRequests <= 2,
      );
    },
  );
}
