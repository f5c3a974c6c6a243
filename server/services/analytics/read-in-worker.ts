import type { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type {
  AnalyticsOverview,
  AnalyticsQuery,
  CountingProgress,
  SceneAnalytics,
} from '../../../core/api/analytics.ts';
import type { Database } from '../../db/schema/database.ts';
import { sqliteHandleOf } from '../../db/sqlite-handle.ts';
import { startWorker } from '../background/start-worker.ts';
import { readOverview, readSceneAnalytics } from './analytics.ts';
import type { ReadAnswer, ReadAsk } from './read-worker.ts';

/*
 * Where the admin's analytics reads run (docs/analytics.md 'Never in the players' way'). On a
 * SQLite file, in a worker thread with its own read-only connection (./read-worker.ts): the
 * statements of a read (tens of ms at a year of play) are synchronous in better-sqlite3 and held
 * the event loop, so players' choices waited behind every admin read. On PostgreSQL (the reads
 * run in the database) and on an in-memory SQLite database (no file a second connection could
 * open), in the server itself.
 */

/**
 * The worker ends after this long without a read (it is started again when needed). Its start
 * takes ~0.5 s and it holds ~30 MB (compiled, measured at a year of play), so it stays for an
 * admin's session of reading and is gone from a server nobody reads analytics on.
 */
const IDLE_MS = 10 * 60_000;

/** The analytics reads of one app. */
export interface AnalyticsReads {
  overview(q: AnalyticsQuery, counting: CountingProgress | null): Promise<AnalyticsOverview>;
  /** Null: no such scene. */
  scene(
    sceneId: string,
    q: AnalyticsQuery,
    counting: CountingProgress | null,
  ): Promise<SceneAnalytics | null>;
  /** Whether the reads run in a worker thread. */
  readonly inWorker: boolean;
  /** Ends the worker (the app closes); reads after it run in the server. */
  close(): Promise<void>;
}

/** The reads in the server itself. */
function inProcess(db: Kysely<Database>): AnalyticsReads {
  return {
    overview: (q, counting) => readOverview(db, q, counting),
    scene: (sceneId, q, counting) => readSceneAnalytics(db, sceneId, q, counting),
    inWorker: false,
    close: async () => {},
  };
}

/** The analytics reads for `db`: in a worker on a SQLite file, in the server otherwise. */
export function analyticsReads(db: Kysely<Database>): AnalyticsReads {
  const sqlite = sqliteHandleOf(db)?.sqlite;
  if (!sqlite || sqlite.memory) return inProcess(db);
  const file = sqlite.name;
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let closed = false;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (json: string) => void; reject: (e: Error) => void }
  >();

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  const workerOf = (): Worker => {
    if (worker) return worker;
    const w = startWorker(import.meta.url, 'read-worker', file);
    w.unref();
    w.on('message', (a: ReadAnswer) => {
      const asked = waiting.get(a.id);
      if (!asked) return;
      waiting.delete(a.id);
      if ('json' in a) asked.resolve(a.json);
      else asked.reject(new Error(`analytics read failed in its worker: ${a.error}`));
      if (waiting.size === 0) restUntilIdle(w);
    });
    w.on('error', (err: Error) => {
      if (worker === w) worker = undefined;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`analytics read worker exited with ${code}`));
    });
    worker = w;
    return w;
  };
  const restUntilIdle = (w: Worker) => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (worker !== w || waiting.size > 0) return;
      worker = undefined;
      void w.terminate();
    }, IDLE_MS);
    idle.unref();
  };
  const ask = (
    what: { kind: 'overview' } | { kind: 'scene'; sceneId: string },
    query: AnalyticsQuery,
    counting: CountingProgress | null,
  ): Promise<unknown> => {
    clearTimeout(idle);
    const id = nextId++;
    const w = workerOf();
    return new Promise<string>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      const body: ReadAsk = { ...what, id, query, counting };
      w.postMessage(body);
    }).then((json) => JSON.parse(json));
  };
  const local = inProcess(db);

  return {
    overview: (query, counting) =>
      closed
        ? local.overview(query, counting)
        : (ask({ kind: 'overview' }, query, counting) as Promise<AnalyticsOverview>),
    scene: (sceneId, query, counting) =>
      closed
        ? local.scene(sceneId, query, counting)
        : (ask({ kind: 'scene', sceneId }, query, counting) as Promise<SceneAnalytics | null>),
    inWorker: true,
    close: async () => {
      closed = true;
      clearTimeout(idle);
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
