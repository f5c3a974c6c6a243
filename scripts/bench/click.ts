import { chromium } from 'playwright-core';
import { LOOP_A, LOOP_B } from '../../test/play-loop.ts';

const TITLES: Record<string, string> = { [LOOP_A]: 'Loop A', [LOOP_B]: 'Loop B' };
const OPTION_TEXT: Record<string, string> = { [LOOP_A]: 'On to B', [LOOP_B]: 'Back to A' };

/**
 * Runs in the page (a string, so no bundler helper leaks into it): clicks the option and resolves
 * with the time to the second animation frame after the next screen is in the DOM.
 */
const MEASURE = `function (optionText, nextTitle) {
  return new Promise(function (resolve, reject) {
    var button = Array.prototype.find.call(document.querySelectorAll('button'), function (b) {
      return (b.textContent || '').indexOf(optionText) !== -1;
    });
    if (!button) return reject(new Error('no button ' + optionText));
    var where = function () {
      var h1 = document.querySelector('h1');
      if (h1 && (h1.textContent || '').trim() === nextTitle) return 'scene';
      if (location.pathname.indexOf('/game/scene/') !== 0) return location.pathname;
      return null;
    };
    var t0 = performance.now();
    var timer = setTimeout(function () {
      observer.disconnect();
      reject(new Error('next screen not shown within 10 s'));
    }, 10000);
    var observer = new MutationObserver(function () {
      var w = where();
      if (!w) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(function () {
        requestAnimationFrame(function () { resolve({ ms: performance.now() - t0, where: w }); });
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    button.click();
  });
}`;

export interface ClickFigures {
  samples: number[];
  interstitials: number;
}

/**
 * In Chromium, as a guest on the loop scenes: clicks the option and times, inside the page,
 * from the click to the first frame painted after the next screen is in the DOM (the next
 * scene's title, or an advertisement / random-event screen that the server put first, after
 * which the bench goes on to the held scene without timing that step).
 */
export async function clickToPaint(
  baseUrl: string,
  cookie: string,
  clicks: number,
): Promise<ClickFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host = new URL(baseUrl).hostname;
    await context.addCookies(
      cookie.split('; ').map((c) => {
        const i = c.indexOf('=');
        return { name: c.slice(0, i), value: c.slice(i + 1), domain: host, path: '/' };
      }),
    );
    const page = await context.newPage();
    let scene = LOOP_A;
    await page.goto(`${baseUrl}/game/scene/${scene}`);
    await page.locator('h1', { hasText: TITLES[scene]! }).waitFor();
    const samples: number[] = [];
    let interstitials = 0;
    let attempts = 0;
    while (samples.length < clicks && attempts < clicks * 3) {
      attempts += 1;
      const next = scene === LOOP_A ? LOOP_B : LOOP_A;
      await page.getByRole('button', { name: OPTION_TEXT[scene]! }).waitFor();
      // Let prefetching and rendering settle, as a reading player would.
      await page.waitForTimeout(150);
      const result = (await page.evaluate(
        `(${MEASURE})(${JSON.stringify(OPTION_TEXT[scene])}, ${JSON.stringify(TITLES[next])})`,
      )) as { ms: number; where: string };
      samples.push(result.ms);
      scene = next;
      if (result.where !== 'scene') {
        interstitials += 1;
        await page.goto(`${baseUrl}/game/scene/${scene}`);
      }
      await page.locator('h1', { hasText: TITLES[scene]! }).waitFor();
    }
    return { samples, interstitials };
  } finally {
    await browser.close();
  }
}
