import { onEachPage } from './chromium.ts';
import type { TraceEvent } from './trace-task.ts';

/** A page's start-up work on the main thread, from a Chromium trace, in thread CPU time. */
export interface MainThreadFigures {
  path: string;
  /** CPU time of every task from navigation to `settleMs` after the load event, ms. */
  cpuMs: number;
  /** Tasks after the first contentful paint whose CPU time × 4 passes 50 ms, and their excess. */
  longTasks: number;
  blockingMs: number;
  /** The longest task after the first contentful paint, CPU time, ms. */
  longestMs: number;
}

/** Lighthouse's mobile preset slows the CPU down four times; a task is long past 50 ms. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * Opens each path in a fresh context (375×812, the given cookie), traces the page's main thread
 * until `settleMs` after the load event and adds up its tasks' thread CPU time. The blocking
 * figure is Lighthouse's total blocking time worked out from CPU time instead of wall time: the
 * wall time of a task grows with whatever else the machine runs (Lighthouse's own figure on a
 * busy 2-core machine was 20 times its figure on a quiet one), its CPU time much less.
 */
export async function mainThreadFigures(
  baseUrl: string,
  pages: { path: string; cookie?: string }[],
  settleMs = 3000,
): Promise<MainThreadFigures[]> {
  return onEachPage(baseUrl, pages, async (page, p, browser) => {
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'loading',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
      ],
    });
    await page.goto(`${baseUrl}${p.path}`, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    return figuresOf(p.path, trace.traceEvents, baseUrl);
  });
}

/** The figures of one trace: the thread that parsed the page's HTML, its top-level tasks. */
function figuresOf(path: string, events: TraceEvent[], baseUrl: string): MainThreadFigures {
  const main = events.find(
    (e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(baseUrl),
  );
  if (!main) throw new Error(`no renderer main thread for ${path} in the trace`);
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? 0;
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const after = tasks.filter((t) => t.ts >= fcp).map((t) => cpu(t) * SLOWDOWN);
  const long = after.filter((ms) => ms > LONG_TASK_MS);
  return {
    path,
    cpuMs: tasks.reduce((n, t) => n + cpu(t), 0),
    longTasks: long.length,
    blockingMs: long.reduce((n, ms) => n + ms - LONG_TASK_MS, 0),
    longestMs: Math.max(0, ...after) / SLOWDOWN,
  };
}
