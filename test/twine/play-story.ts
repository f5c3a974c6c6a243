import type { Browser, Page } from 'playwright-core';

/**
 * Plays a published Twine story in Chromium the way a reader does: each step clicks a link of
 * the passage shown and reads the screen. `firstLinks` finds the first links that change what
 * the reader sees (in reading order; a link that changes nothing, such as one that opens a web
 * address, is passed over); `followLinks` clicks links by their text. Math.random is seeded, so
 * a story's random draws are the same in every run.
 */

/** What Harlowe, SugarCube, Snowman and Chapbook render a link to a passage as. */
const LINKS =
  'tw-link, tw-passage a[data-passage], #passages a[data-passage], #passages a.link-internal, passage-link, a[data-cb-go]';

/** One screen of a story: what the reader sees, whitespace made single spaces. */
export interface Played {
  /** The link texts clicked, in order. */
  links: string[];
  /** The screen before the first click and after each. */
  screens: string[];
  /** Uncaught errors the page raised. */
  errors: string[];
}

const SEEDED = `(() => {
  let s = 42;
  Math.random = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
})();`;

async function open(browser: Browser, html: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  // Only the story itself: a link to a web address opens nothing.
  await context.route('**/*', (route) =>
    route.request().url().startsWith('http://story.test/')
      ? route.fulfill({ contentType: 'text/html; charset=utf-8', body: html })
      : route.abort(),
  );
  await context.addInitScript(SEEDED);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  context.on('page', (popup) => void popup.close());
  await page.goto('http://story.test/story.html');
  await settle(page);
  return { page, errors };
}

/** Waits for the story's transitions to end (formats fade passages in). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForTimeout(700);
}

// What the reader sees is the rendered text (innerText), not the DOM's textContent.
const screen = async (page: Page) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is compared
  (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();

/** The texts of the links shown, in reading order. */
const linkTexts = (page: Page) =>
  page.locator(LINKS).evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      // biome-ignore lint/performance/useDomNodeTextContent: a link's text as the reader sees it
      .map((e) => (e as HTMLElement).innerText.trim()),
  );

/** Clicks the first visible link whose text is `text`; false when there is none. */
async function clickLink(page: Page, text: string): Promise<boolean> {
  const texts = await linkTexts(page);
  const at = texts.indexOf(text);
  if (at < 0) return false;
  const visible = page.locator(LINKS).filter({ visible: true });
  await visible.nth(at).click();
  await settle(page);
  return true;
}

/** Plays up to `count` links from the start, each the first that changes the screen. */
export async function firstLinks(browser: Browser, html: string, count: number): Promise<Played> {
  const { page, errors } = await open(browser, html);
  const played: Played = { links: [], screens: [await screen(page)], errors };
  while (played.links.length < count) {
    const before = played.screens[played.screens.length - 1] as string;
    const texts = await linkTexts(page);
    let moved = false;
    for (const text of texts) {
      if (!(await clickLink(page, text))) continue;
      const now = await screen(page);
      if (now !== before) {
        played.links.push(text);
        played.screens.push(now);
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  await page.context().close();
  return played;
}

/** Plays the links named, in order, from the start (stops at the first that is not shown). */
export async function followLinks(
  browser: Browser,
  html: string,
  links: string[],
): Promise<Played> {
  const { page, errors } = await open(browser, html);
  const played: Played = { links: [], screens: [await screen(page)], errors };
  for (const text of links) {
    if (!(await clickLink(page, text))) break;
    played.links.push(text);
    played.screens.push(await screen(page));
  }
  await page.context().close();
  return played;
}
