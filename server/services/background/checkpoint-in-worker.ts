import type { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/database.ts';
import { sqliteHandleOf } from '../../db/sqlite-handle.ts';
import type { CheckpointDone, CheckpointWork } from './checkpoint-worker.ts';
import { startWorker } from './start-worker.ts';

/*
 * Checkpoints of a SQLite file's write-ahead log off the server's thread while a backlog is
 * written (the analytics' catch-up of a restored log: docs/analytics.md 'Never in the players'
 * way'). The server's connection checkpoints by itself on the commit that takes the log past
 * ~40 MB (server/db/database.ts): copying the pages and syncing the file took hundreds of ms of
 * the event loop, every few seconds while a backlog was counted. While held, a worker thread
 * (./checkpoint-worker.ts) checkpoints with its own connection every EVERY_MS and the server's
 * threshold is raised to a backstop (the log still stays bounded if the worker ever falls
 * behind); released, the worker ends and the threshold is put back, so an idle server holds no
 * thread. PostgreSQL and in-memory SQLite have nothing to checkpoint here.
 */

/** How often the worker checkpoints: the log between two stays a few MB at the catch-up's pace. */
const EVERY_MS = 250;
/**
 * The server's own checkpoint threshold (pages, ~80 MB) while the worker checkpoints. The log
 * starts again from its beginning only when a write finds it wholly checkpointed, which a
 * worker's checkpoint rarely leaves while choices and slices commit every few ms: the log grew
 * to ~400 MB. At this threshold the server's connection checkpoints the little the worker has
 * not copied yet, and the log starts again.
 */
const BACKSTOP_PAGES = 20_000;

/** Checkpoints in a worker thread, while held. */
export interface WalCheckpoints {
  /** Starts the worker (once per holder; the worker runs while anyone holds it). */
  hold(): void;
  /** Lets go of one hold; the last one ends the worker. */
  release(): Promise<void>;
  /** Whether the worker is running now. */
  readonly running: boolean;
  /** Checkpoints the worker reported since it was created. */
  readonly done: number;
  /** The last checkpoint's report (frames in the log, frames of it in the database file). */
  readonly last: CheckpointDone | undefined;
  /** Ends the worker (the app closes); holds after it do nothing. */
  close(): Promise<void>;
}

const nothing: WalCheckpoints = {
  hold() {},
  release: async () => {},
  running: false,
  done: 0,
  last: undefined,
  close: async () => {},
};

/** Worker checkpoints for `db` when it is a SQLite file; otherwise holds that do nothing. */
export function walCheckpoints(db: Kysely<Database>): WalCheckpoints {
  const sqlite = sqliteHandleOf(db)?.sqlite;
  if (!sqlite || sqlite.memory) return nothing;
  const file = sqlite.name;
  let holds = 0;
  let worker: Worker | undefined;
  let threshold: number | undefined;
  let closed = false;
  let done = 0;
  let last: CheckpointDone | undefined;

  const start = () => {
    const work: CheckpointWork = { file, everyMs: EVERY_MS };
    const w = startWorker(import.meta.url, 'checkpoint-worker', work);
    w.unref();
    w.on('message', (d: CheckpointDone) => {
      done++;
      last = d;
    });
    // A worker that fails leaves the server's own threshold, put back, to checkpoint.
    const lost = () => {
      if (worker !== w) return;
      worker = undefined;
      restoreThreshold();
    };
    w.on('error', lost);
    w.on('exit', lost);
    worker = w;
    threshold = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  };
  const restoreThreshold = () => {
    if (threshold === undefined) return;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${threshold}`);
    threshold = undefined;
  };
  const stop = async () => {
    const w = worker;
    worker = undefined;
    restoreThreshold();
    if (w) await w.terminate();
  };

  return {
    hold() {
      if (closed) return;
      holds++;
      if (!worker) start();
    },
    async release() {
      holds = Math.max(0, holds - 1);
      if (holds === 0) await stop();
    },
    get running() {
      return worker !== undefined;
    },
    get done() {
      return done;
    },
    get last() {
      return last;
    },
    async close() {
      closed = true;
      holds = 0;
      await stop();
    },
  };
}
