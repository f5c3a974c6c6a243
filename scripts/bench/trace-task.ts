import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The trace categories the map part records: tasks, their JS (function and URL), GC, rendering; BENCH_TRACE_CATEGORIES adds more. */
export const TASK_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  // More when asked, such as disabled-by-default-v8.cpu_profiler (JS samples, for a profile view).
  ...(process.env.BENCH_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
];

/** One event of a Chrome trace, with the fields the bench reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: {
      functionName?: string;
      url?: string;
      lineNumber?: number;
      type?: string;
      timerId?: number;
    };
    fileName?: string;
    src_func?: string;
    src_file?: string;
  };
}

/** The longest task of the page's main thread, in CPU time, and what it was made of. */
export interface LongestTask {
  cpuMs: number;
  wallMs: number;
  /** When it started, ms after the page's first task (negative: before the page). */
  atMs: number;
  /** Its nested events grouped by what they are, with their own CPU time (children's taken off), most first. */
  parts: { what: string; selfCpuMs: number; count: number }[];
  /** The tasks just before and after it (start ms, CPU ms), to see whether work was split or merged. */
  neighbours: string[];
}

const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');

/** What an event is, for the breakdown: its JS function and file, the timer or event, or its name. */
function labelOf(e: TraceEvent): string {
  const d = e.args?.data;
  switch (e.name) {
    case 'FunctionCall':
      return `JS ${d?.functionName || '(anonymous)'} ${short(d?.url)}:${d?.lineNumber ?? '?'}`;
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'v8.compile':
    case 'v8.compileModule':
      return `${e.name} ${short(d?.url ?? e.args?.fileName)}`;
    case 'EventDispatch':
      return `EventDispatch ${d?.type ?? ''}`;
    case 'ThreadControllerImpl::RunTask':
      return `RunTask ${e.args?.src_func ?? ''} ${e.args?.src_file ?? ''}`.trim();
    default:
      return e.name;
  }
}

/** Complete ('X') events of one thread, 'B'/'E' pairs joined into them. */
function spans(events: TraceEvent[], onThread: (e: TraceEvent) => boolean): TraceEvent[] {
  const out: TraceEvent[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (!onThread(e)) continue;
    if (e.ph === 'X' && e.dur !== undefined) out.push(e);
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) out.push({ ...b, ph: 'X', dur: e.ts - b.ts, tdur: undefined });
    }
  }
  return out.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** The renderer main thread that parsed the page's HTML (else the one that worked most), and when it began parsing. */
function pageThread(
  events: TraceEvent[],
  pageUrl: string,
): { thread: string; from: number } | null {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === pageUrl);
  if (parse) return { thread: `${parse.pid}:${parse.tid}`, from: parse.ts };
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const cpu = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.tdur === undefined) continue;
    const thread = `${e.pid}:${e.tid}`;
    if (mains.has(thread)) cpu.set(thread, (cpu.get(thread) ?? 0) + e.tdur);
  }
  const busiest = [...cpu.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return busiest ? { thread: busiest, from: 0 } : null;
}

/** The events nested in `top`, grouped by what they are, with their own CPU time (see longestTask). */
function partsOf(all: TraceEvent[], top: TraceEvent): LongestTask['parts'] {
  const end = top.ts + (top.dur ?? 0);
  const inside = all.filter((e) => e !== top && e.ts >= top.ts && e.ts + (e.dur ?? 0) <= end);
  // Own CPU time: each event's tdur less that of the events nested in it (through events
  // without a CPU figure, such as B/E pairs, to the nearest one with it); the task's own likewise.
  const self = new Map<TraceEvent, number>(inside.map((e) => [e, e.tdur ?? 0]));
  let topSelf = top.tdur ?? 0;
  const stack: TraceEvent[] = [];
  for (const e of inside) {
    while (stack.length && e.ts >= (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0)) stack.pop();
    if (e.tdur !== undefined) {
      const parent = stack.findLast((p) => p.tdur !== undefined);
      if (parent) self.set(parent, (self.get(parent) ?? 0) - e.tdur);
      else topSelf -= e.tdur;
    }
    stack.push(e);
  }
  const groups = new Map<string, { selfCpuMs: number; count: number }>();
  const add = (what: string, us: number) => {
    const g = groups.get(what) ?? { selfCpuMs: 0, count: 0 };
    g.selfCpuMs += us / 1000;
    g.count++;
    groups.set(what, g);
  };
  for (const [e, us] of self) add(labelOf(e), Math.max(0, us));
  add('(the task itself, outside nested events)', Math.max(0, topSelf));
  return [...groups.entries()]
    .map(([what, g]) => ({ what, ...g }))
    .filter((g) => g.selfCpuMs >= 0.5)
    .sort((a, b) => b.selfCpuMs - a.selfCpuMs);
}

/**
 * The longest task in CPU time (`tdur`) of the page's main thread from the moment it began
 * parsing the page at `pageUrl`, broken down: every event nested in it with its own CPU time
 * (its `tdur` less its children's; events without a `tdur` count as none of their own). The
 * thread's longest task before that (the renderer's own start, the navigation's commit: no work
 * of the page) is given apart, as `before`.
 */
export function longestTask(
  trace: Buffer,
  pageUrl: string,
): (LongestTask & { before: LongestTask | null }) | null {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const page = pageThread(events, pageUrl);
  if (!page) return null;
  const all = spans(events, (e) => `${e.pid}:${e.tid}` === page.thread);
  const tasks = all.filter((e) => e.name === 'RunTask' && e.tdur !== undefined);
  // The task that parses the page began before the ParseHTML event within it.
  const opening = tasks.filter((t) => t.ts + (t.dur ?? 0) > page.from);
  const earlier = tasks.filter((t) => t.ts + (t.dur ?? 0) <= page.from);
  if (opening.length === 0) return null;
  const longestOf = (list: TraceEvent[]) =>
    list.reduce((a, b) => ((b.tdur ?? 0) > (a.tdur ?? 0) ? b : a));
  const first = opening[0]?.ts ?? 0;
  const describe = (top: TraceEvent, list: TraceEvent[]): LongestTask => {
    // Tasks of 5 ms or more of CPU: the three before the longest and the three after.
    const busy = list.filter((t) => t === top || (t.tdur ?? 0) >= 5000);
    const i = busy.indexOf(top);
    const at = (t: TraceEvent) =>
      `${((t.ts - first) / 1000).toFixed(0)} ms: ${((t.tdur ?? 0) / 1000).toFixed(1)} ms CPU`;
    return {
      cpuMs: (top.tdur ?? 0) / 1000,
      wallMs: (top.dur ?? 0) / 1000,
      atMs: (top.ts - first) / 1000,
      parts: partsOf(all, top),
      neighbours: [...busy.slice(Math.max(0, i - 3), i), ...busy.slice(i + 1, i + 4)].map(at),
    };
  };
  const top = longestOf(opening);
  return {
    ...describe(top, opening),
    before: earlier.length ? describe(longestOf(earlier), earlier) : null,
  };
}

/**
 * Keeps a trace as evidence: in BENCH_TRACE_DIR when set, else in the temporary folder when
 * `missed` (the task missed its goal). Returns the file's path, or null when not kept.
 */
export function keepTrace(trace: Buffer, name: string, missed: boolean): string | null {
  const dir = process.env.BENCH_TRACE_DIR ?? (missed ? tmpdir() : null);
  if (!dir) return null;
  const path = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(path, trace);
  return path;
}

/** The breakdown as lines for the bench's output. */
export function describeTask(t: LongestTask, top = 14, what = 'longest task'): string[] {
  return [
    `  ${what} at ${t.atMs.toFixed(0)} ms: ${t.cpuMs.toFixed(1)} ms CPU, ${t.wallMs.toFixed(1)} ms wall; own CPU of its nested events:`,
    ...t.parts
      .slice(0, top)
      .map(
        (p) =>
          `    ${p.selfCpuMs.toFixed(1).padStart(6)} ms  ${p.what}${p.count > 1 ? ` (${p.count}×)` : ''}`,
      ),
    `  tasks around it (≥ 5 ms CPU): ${t.neighbours.join('; ') || 'none'}`,
  ];
}
