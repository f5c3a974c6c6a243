import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/database.ts';
import { requestsSettled } from '../../plugins/activity.ts';

/* The pace and progress of long transfer jobs (imports, their undo, exports): slices that keep
   other requests served, one job at a time per server (docs/security.md "Long imports never
   hold the server"). */

type Db = Kysely<Database>;

/** Rows a long job reads, writes or deletes in its first slice (each slice a short transaction). */
const SLICE_ROWS = 250;
/** What one slice should take: the pace halves or doubles its rows to stay near it. */
const SLICE_MS = 20;

/**
 * The pace of one long job: rows per slice, adjusted after each slice so a slice takes about
 * SLICE_MS however busy the machine, and a turn of the event loop between slices, so other
 * requests are served. The job runs inside its own request: while other requests are being
 * worked on, it waits for them too, at most as long as its slice took (server/plugins/activity.ts),
 * so a player's request never queues behind a run of slices.
 */
export class Pace {
  rows = SLICE_ROWS;
  async rest(tookMs: number): Promise<void> {
    if (tookMs > SLICE_MS * 2 && this.rows > 20) this.rows = Math.max(20, this.rows >> 1);
    else if (tookMs < SLICE_MS / 2 && this.rows < 2000) this.rows *= 2;
    await breathe(tookMs);
  }
}

/**
 * A turn of the event loop, then the other requests being worked on are let finish (waiting at
 * most `tookMs`, capped at two slices): after each slice, and between a long job's phases that
 * cannot be sliced (a 50,000-passage file's parsed answer, reading all content, planning), which
 * otherwise ran back to back as one ~0.8 s stretch of the event loop.
 */
export async function breathe(tookMs = Number.POSITIVE_INFINITY): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await requestsSettled(Math.min(tookMs, SLICE_MS * 2), 1);
}

/** Runs `run`, then lets other requests through (breathe) for about as long as it took. */
export async function phase<T>(run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  await breathe(performance.now() - started);
  return result;
}

/** `items` a slice at a time at the job's pace (the caller's work on a slice is timed too). */
export async function* inSlices<T>(items: readonly T[], pace: Pace): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; ) {
    const chunk = items.slice(i, i + pace.rows);
    i += chunk.length;
    const started = performance.now();
    yield chunk;
    await pace.rest(performance.now() - started);
  }
}

/** How far a long import, undo or export has got (GET /api/admin/import/progress). */
export interface TransferProgress {
  action: 'import' | 'undo' | 'export';
  /** Rows (and images) done, of `total`. */
  done: number;
  total: number;
  startedAt: string;
}

const progressByDb = new WeakMap<Db, TransferProgress>();

/** Starts the progress of a long job of this server; `endProgress` when it is over. */
export function beginProgress(db: Db, action: TransferProgress['action']): TransferProgress {
  const progress: TransferProgress = {
    action,
    done: 0,
    total: 0,
    startedAt: new Date().toISOString(),
  };
  progressByDb.set(db, progress);
  return progress;
}

/** The job is over (done or failed): no progress is shown for it any more. */
export function endProgress(db: Db, progress: TransferProgress): void {
  if (progressByDb.get(db) === progress) progressByDb.delete(db);
}
/** The long import, undo or export under way on this server, or null. */
export const transferProgress = (db: Db): TransferProgress | null => progressByDb.get(db) ?? null;

/** Imports and undos of one database run one at a time on this server (a queue). */
const queues = new WeakMap<Db, Promise<void>>();
export function oneAtATime<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const before = queues.get(db) ?? Promise.resolve();
  const run = before.then(work, work);
  // The queue waits for this job but keeps nothing of it: `run.catch()` settles to the job's
  // result and held it until the next import (the bench's 10,000-scene import: its plan, every
  // scene and option id added or removed, ~2 MB of heap).
  queues.set(
    db,
    run.then(
      () => {},
      () => {},
    ),
  );
  return run;
}
