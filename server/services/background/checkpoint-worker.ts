import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/*
 * A worker thread that checkpoints a SQLite file's write-ahead log with its own connection while
 * the server writes a lot (./checkpoint-in-worker.ts; docs/analytics.md 'Never in the players'
 * way'): a checkpoint copies the log's pages into the database file and syncs both, tens to
 * hundreds of ms that held the server's event loop when the commit crossing the automatic
 * checkpoint's threshold ran it there. PASSIVE: it never waits for the server's writer or
 * readers, and checkpoints what they allow.
 */

/** What the worker is given: the file, and how often to checkpoint. */
export interface CheckpointWork {
  file: string;
  everyMs: number;
}

/** One checkpoint's outcome, as SQLite reports it: frames in the log, frames checkpointed. */
export interface CheckpointDone {
  busy: number;
  log: number;
  checkpointed: number;
}

const { file, everyMs } = workerData as CheckpointWork;
// The lowest CPU priority, for this thread only (Linux gives each thread its own): on a crowded
// machine the server's thread, which answers the players, gets a core before the copying does.
// Where the system refuses it the worker simply runs at the server's priority.
try {
  setPriority(19);
} catch {}
const sqlite = new SQLite(file, { fileMustExist: true });
// This connection writes nothing; the server's own threshold is the one that counts.
sqlite.pragma('wal_autocheckpoint = 0');

const checkpoint = () => {
  const [done] = sqlite.pragma('wal_checkpoint(PASSIVE)') as CheckpointDone[];
  if (done) parentPort?.postMessage(done);
};
setInterval(checkpoint, everyMs);
