import { LOOP_A, LOOP_B } from '../../test/play-loop.ts';
import { launchChromium, newContext } from './chromium.ts';

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
      // An event or advertisement screen, by what is on screen: its address follows a frame
      // after the paint (web/lib/held-history.ts).
      var screen = document.querySelector('[data-screen]');
      if (screen) return '/game/' + screen.getAttribute('data-screen');
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
        requestAnimationFrame(function () {
          var marks = performance.getEntriesByName('choice-flow');
          var last = marks[marks.length - 1];
          var kind = last && last.startTime >= t0 ? String(last.detail) : 'unmarked';
          resolve({ ms: performance.now() - t0, where: w, kind: kind });
        });
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    button.click();
  });
}`;

export interface ClickFigures {
  samples: number[];
  /** Each sample's way to its screen: the app's `choice-flow` mark (use-choice-flow.ts markClick). */
  kinds: string[];
  interstitials: number;
}

/**
 * In Chromium, as a guest on the loop scenes: clicks the option and times, inside the page,
 * from the click to the first frame painted after the next screen is in the DOM (the next
 * scene's title, painted ahead of the server's answer when it was prefetched, or an
 * advertisement / random-event screen that the server put first). Between clicks it waits for
 * the choice's answer; when that put such a screen first, the bench goes on to the held scene
 * without timing that step.
 */
export async function clickToPaint(
  baseUrl: string,
  cookie: string,
  clicks: number,
): Promise<ClickFigures> {
  const browser = await launchChromium();
  try {
    const context = await newContext(browser, baseUrl, { width: 1280, height: 900 }, cookie);
    const page = await context.newPage();
    let scene = LOOP_A;
    await page.goto(`${baseUrl}/game/scene/${scene}`);
    await page.locator('h1', { hasText: TITLES[scene]! }).waitFor();
    const samples: number[] = [];
    const kinds: string[] = [];
    let interstitials = 0;
    let attempts = 0;
    /** performance.now() of the page at the last click (0: none yet). */
    let sinceClick = 0;
    while (samples.length < clicks && attempts < clicks * 3) {
      attempts += 1;
      const next = scene === LOOP_A ? LOOP_B : LOOP_A;
      await page.getByRole('button', { name: OPTION_TEXT[scene]! }).waitFor();
      // Let prefetching and rendering settle, as a reading player would (they read for seconds):
      // the next scene's prefetch (GET /api/play/scenes?ids=, asked anew after every choice since
      // the locks depend on the stats) has answered, or 2 s passed.
      await page
        .waitForFunction(
          (since) =>
            performance
              .getEntriesByType('resource')
              .some((e) => e.name.includes('/api/play/scenes?ids=') && e.startTime > since),
          sinceClick,
          { timeout: 2000 },
        )
        .catch(() => undefined);
      await page.waitForTimeout(50);
      sinceClick = (await page.evaluate('performance.now()')) as number;
      const result = (await page.evaluate(
        `(${MEASURE})(${JSON.stringify(OPTION_TEXT[scene])}, ${JSON.stringify(TITLES[next])})`,
      )) as { ms: number; where: string; kind: string };
      samples.push(result.ms);
      kinds.push(result.kind);
      scene = next;
      // The scene, or the event or advertisement screen it named, may be painted before the
      // server answered: wait for the answer to be taken (it may still put such a screen first).
      await page.waitForFunction(
        (since) =>
          !document.querySelector('[data-choice="committing"]') &&
          performance
            .getEntriesByType('resource')
            .some((e) => e.name.includes('/api/play/choices') && e.startTime > since),
        sinceClick,
      );
      if (result.where === 'scene' && !new URL(page.url()).pathname.startsWith('/game/scene/')) {
        result.where = new URL(page.url()).pathname;
      }
      if (result.where !== 'scene') {
        interstitials += 1;
        await page.goto(`${baseUrl}/game/scene/${scene}`);
        sinceClick = 0; // a new page: its clock starts again
      }
      await page.locator('h1', { hasText: TITLES[scene]! }).waitFor();
    }
    return { samples, kinds, interstitials };
  } finally {
    await browser.close();
  }
}
