import { request } from '../../test/http-kit.ts';
import { launchChromium, newContext, SEO_WORDS } from './chromium.ts';
import { describeTask, keepTrace, longestTask, TASK_CATEGORIES } from './trace-task.ts';

/** Generated scenes for the map bench (ids map-00000…). */
export const MAP_SCENES = 10_000;
const PREFIX = 'map-';
/** The goal for the longest task while opening, in CPU time. */
export const OPEN_GOAL_CPU_MS = 100;

export interface MapFigures {
  scenes: number;
  links: number;
  importMs: number;
  /** From navigation to the first scene box on screen. */
  openMs: number;
  /** Long tasks (> 50 ms) while opening and while panning/zooming, in ms. */
  openLongTasks: number[];
  /** CPU time of the longest task of the page's main thread while opening (Chrome trace), in ms. */
  openLongestCpuMs: number;
  /** What that task was made of (see describeTask), and where its trace was kept (see keepTrace). */
  openLongestParts: string[];
  tracePath: string | null;
  panLongTasks: number[];
  panSteps: number;
}

/** Runs in the page before any script: records every long task the browser reports. */
const RECORD_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver(function (list) {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

const id = (i: number) => `${PREFIX}${String(i).padStart(5, '0')}`;

/**
 * Puts a 10,000-scene story into the server through the import API (the export with the
 * generated scenes added: each has three options, two forward in a tree and one across), then opens
 * /admin/story-map in Chromium and pans and zooms it by keyboard, mouse drag and wheel, recording
 * the browser's long tasks (none over 200 ms).
 */
export async function storyMapFigures(baseUrl: string, adminCookie: string): Promise<MapFigures> {
  const exported = await request(baseUrl, 'GET', '/api/admin/export.json', { cookie: adminCookie });
  if (exported.status !== 200) throw new Error(`export: ${exported.status}`);
  const bundle = exported.json() as {
    scenes: Record<string, unknown>[];
    options: Record<string, unknown>[];
  };
  const keep = (sceneId: unknown) =>
    !String(sceneId).startsWith('gen-') && !String(sceneId).startsWith(PREFIX);
  bundle.scenes = bundle.scenes.filter((s) => keep(s.id));
  bundle.options = bundle.options.filter((o) => keep(o.scenario_id) && keep(o.next_scenario_id));
  const words = SEO_WORDS.slice(0, 8);
  for (let i = 0; i < MAP_SCENES; i++) {
    bundle.scenes.push({
      id: id(i),
      title: `${words[i % 8]} ${words[(i * 3) % 8]} #${i}`,
      is_ending: 2 * i + 1 >= MAP_SCENES,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
    });
    const targets = [2 * i + 1, 2 * i + 2, (i * 7919 + 13) % MAP_SCENES].filter(
      (t) => t < MAP_SCENES,
    );
    if (2 * i + 1 >= MAP_SCENES) continue;
    targets.forEach((t, k) => {
      bundle.options.push({
        id: `${id(i)}--${k}`,
        scenario_id: id(i),
        position: k,
        text: `Go to ${t}`,
        next_scenario_id: id(t),
      });
    });
  }
  // Link the demo's start to the generated story so the map has one big connected part.
  bundle.options.push({
    id: 'intro--map',
    scenario_id: 'intro',
    position: 99,
    text: 'Into the maze',
    next_scenario_id: id(0),
  });
  const t0 = performance.now();
  const imported = await request(baseUrl, 'POST', '/api/admin/import', {
    cookie: adminCookie,
    body: { format: 'json', text: JSON.stringify(bundle) },
    timeoutMs: 600_000,
  });
  const importMs = performance.now() - t0;
  if (imported.status !== 200)
    throw new Error(`import: ${imported.status} ${imported.text.slice(0, 300)}`);

  const browser = await launchChromium();
  try {
    const context = await newContext(browser, baseUrl, { width: 1440, height: 900 }, adminCookie);
    await context.addInitScript(RECORD_LONG_TASKS);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const longTasks = () => page.evaluate('window.__longTasks.splice(0)') as Promise<number[]>;
    // BENCH_MAP_SLOWDOWN=4: the page's main thread slowed down 4 times (Chrome's CPU throttling),
    // which changes the order of its tasks against the network and the layout worker.
    const slowdown = Number(process.env.BENCH_MAP_SLOWDOWN ?? 1);
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await browser.startTracing(page, { categories: TASK_CATEGORIES });
    const opened = performance.now();
    await page.goto(`${baseUrl}/admin/story-map`);
    try {
      await page.locator('[data-testid^="map-node-"]').first().waitFor({ timeout: 120_000 });
    } catch (err) {
      // Keep what the page showed and did, to tell why no box came.
      const kept = keepTrace(await browser.stopTracing(), 'story-map-open-failed', true);
      const shown = ((await page.locator('body').textContent()) ?? '')
        .replace(/\s+/g, ' ')
        .slice(0, 400);
      throw new Error(
        `${(err as Error).message}\npage shows: ${shown}\npage errors: ${errors.join(' | ') || 'none'}\ntrace kept: ${kept}`,
      );
    }
    const openMs = performance.now() - opened;
    await page.waitForTimeout(500);
    const openLongTasks = await longTasks();
    const trace = await browser.stopTracing();
    const longest = longestTask(trace, `${baseUrl}/admin/story-map`);
    const openLongestCpuMs = longest?.cpuMs ?? Number.NaN;
    const tracePath = keepTrace(trace, 'story-map-open', !(openLongestCpuMs <= OPEN_GOAL_CPU_MS));
    const openLongestParts = longest
      ? describeTask(longest)
      : ['  (the page was not found in the trace)'];
    // The renderer's own tasks before it parsed the page (not counted above), when they are long.
    if (longest?.before && longest.before.cpuMs >= 30)
      openLongestParts.push(
        ...describeTask(longest.before, 6, 'not counted: longest task before the page'),
      );
    const scenes = Number(await page.getByTestId('count-scenes').textContent());

    const map = page.getByTestId('story-map');
    await map.focus();
    let panSteps = 0;
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft']) {
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(key);
        panSteps++;
        await page.waitForTimeout(30);
      }
    }
    const box = await map.boundingBox();
    if (box) {
      // A drag on a box moves the box (its place is saved): pan from a spot of empty map.
      const [cx, cy] = await page.evaluate(
        ({ x, y, w, h }) => {
          for (let i = 0; i < 400; i++) {
            const px = x + w * (0.2 + (0.6 * ((i * 37) % 100)) / 100);
            const py = y + h * (0.2 + (0.6 * ((i * 61) % 100)) / 100);
            const at = document.elementFromPoint(px, py);
            if (at?.classList.contains('react-flow__pane')) return [px, py];
          }
          return [x + w / 2, y + h / 2];
        },
        { x: box.x, y: box.y, w: box.width, h: box.height },
      );
      for (let i = 0; i < 10; i++) {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        await page.mouse.move(cx - 300, cy - 120, { steps: 12 });
        await page.mouse.up();
        panSteps++;
      }
      for (let i = 0; i < 6; i++) {
        await page.mouse.wheel(0, 240);
        await page.waitForTimeout(60);
        panSteps++;
      }
    }
    await page.waitForTimeout(500);
    const panLongTasks = await longTasks();
    const graph = (
      await request(baseUrl, 'GET', '/api/admin/story-map', { cookie: adminCookie })
    ).json() as {
      edges?: unknown[];
    };
    const links = graph.edges?.length ?? 0;
    return {
      scenes,
      links,
      importMs,
      openMs,
      openLongTasks,
      openLongestCpuMs,
      openLongestParts,
      tracePath,
      panLongTasks,
      panSteps,
    };
  } finally {
    await browser.close();
  }
}
