import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceApplied, PlayScene } from '../core/api/play.ts';
import { checkA11y } from './support/a11y.ts';
import { launchBrowser, watchPage } from './support/browser.ts';
import { choose, sceneIdOf } from './support/play.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

/** A scene as the server shows it to this player. */
async function readScene(page: Page, id: string): Promise<PlayScene> {
  const body = await page.evaluate(async (sceneId) => {
    const res = await fetch(`/api/play/scenes/${encodeURIComponent(sceneId)}`);
    return res.json();
  }, id);
  return (body as { scene: PlayScene }).scene;
}

/** Records, in order, every level-1 heading and path the page shows from now on. */
async function recordScreens(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = () => {
      const entry = `${location.pathname} | ${document.querySelector('h1')?.textContent ?? ''}`;
      if (seen[seen.length - 1] !== entry) seen.push(entry);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    (window as unknown as { __screens: string[] }).__screens = seen;
  });
  return () => page.evaluate(() => (window as unknown as { __screens: string[] }).__screens);
}

describe('an event or advertisement due on the next choice', () => {
  it('is painted at once when certain, before the answer, and the next scene never flashes before it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${server.url}/`);
    // The start is painted ahead of its answer: the reads below need the session it brings.
    const started = page.waitForResponse((r) => r.url().endsWith('/api/play/start'));
    await page.getByRole('link', { name: 'Start Adventure Now' }).click();
    await page.waitForURL(`${server.url}/game/scene/intro`);
    await started;

    // Play on until the scene says its choice will or may be interrupted (by the 4th choice at
    // the latest: the 5th scene has an advertisement), checking each choice kept its word.
    let scene = await readScene(page, 'intro');
    for (let n = 0; !scene.choiceMayInterrupt; n++) {
      expect(n, 'no interruption announced by the 4th choice').toBeLessThan(4);
      const step = await choose(page, 'first');
      expect(step.interlude, 'an unannounced event or ad').toBeNull();
      scene = await readScene(page, step.applied.nextSceneId);
    }
    const option = scene.options.find((o) => !o.locked && o.nextSceneId && !o.isPending)!;
    const next = await readScene(page, option.nextSceneId!);

    // Hold the answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/api/play/choices', hold);
    const screens = await recordScreens(page);
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/play/choices') && r.request().method() === 'POST',
    );
    const button = page
      .getByRole('region', { name: 'What will you do?' })
      .getByRole('button', { name: option.text });
    await button.waitFor();
    // The screen's module was asked for when the scene showed (web/routes/game/scene.tsx).
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((e) => /\/(random-event|advertisement)-[^/]*\.js$/.test(e.name)),
    );
    await page.waitForTimeout(100);
    // The click renders that screen in its own task (its route's module is already settled,
    // web/routes/game/interruption-screens.ts): read after the click's microtasks (the router
    // awaits the settled module) and before any other task could run, the heading is the screen's.
    const headingInTheClick = await button.evaluate(async (b: HTMLElement) => {
      b.click();
      for (let i = 0; i < 200; i++) await Promise.resolve();
      return document.querySelector('h1')?.textContent ?? '';
    });
    const nextHeading = page.getByRole('heading', { level: 1, name: next.title });
    const announced = scene.nextInterruption;
    const ahead =
      announced?.kind === 'event'
        ? announced.randomEvent
        : announced?.kind === 'advertisement'
          ? announced.advertisement
          : null;
    // The first interruption of a new game is certain (no event yet, so no 5-second gap to wait
    // on): its screen is painted at once, while the answer is still held.
    expect(ahead, 'a certain interruption named').not.toBeNull();
    expect(headingInTheClick).toBe(ahead!.title);
    await page.getByRole('heading', { level: 1, name: ahead!.title }).waitFor();
    // The address follows the painted screen a frame later (web/lib/held-history.ts).
    await expect.poll(() => sceneIdOf(page)).not.toBe(scene.id);
    const painted = (await screens()).filter((s) => s.endsWith(`| ${next.title}`));
    expect(painted, 'the next scene painted before the answer').toEqual([]);
    await checkA11y(page);
    release();
    const applied = (await (await answered).json()) as ChoiceApplied;
    await page.unroute('**/api/play/choices', hold);
    expect(applied.show.randomEvent ?? applied.show.advertisement, 'as painted').toEqual(ahead);
    await page.getByRole('heading', { level: 1, name: ahead!.title }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await nextHeading.waitFor();
    const seen = await screens();
    const nextAt = seen.findIndex((s) => s.endsWith(`| ${next.title}`));
    const firstAt = seen.findIndex((s) => s.endsWith(`| ${ahead!.title}`));
    expect(firstAt, seen.join('\n')).toBeGreaterThan(0);
    expect(nextAt, seen.join('\n')).toBeGreaterThan(firstAt);
    // The scene the choice was made on, then the painted screen: no other scene in between.
    expect(seen[0]).toBe(`/game/scene/${encodeURIComponent(scene.id)} | ${scene.title}`);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});
