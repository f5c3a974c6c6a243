import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { AnalyticsQuery, CountingProgress } from '../../../core/api/analytics.ts';
import type { Database } from '../../db/schema/database.ts';
import { SqliteBooleanPlugin } from '../../db/sqlite-boolean-plugin.ts';
import { readOverview, readSceneAnalytics } from './analytics.ts';

/*
 * A worker thread that answers the admin's analytics reads on SQLite (./read-in-worker.ts) with
 * its own read-only connection to the database file: WAL lets it read beside the server's writer,
 * and the reads' statements (synchronous in better-sqlite3) no longer hold the server's event
 * loop, where players' choices would wait behind them (docs/analytics.md 'Never in the players' way').
 */

/** One read asked of the worker. */
export type ReadAsk = { id: number; query: AnalyticsQuery; counting: CountingProgress | null } & (
  | { kind: 'overview' }
  | { kind: 'scene'; sceneId: string }
);

/** The worker's answer: the report as JSON text ('null': no such scene), or what failed. */
export type ReadAnswer = { id: number; json: string } | { id: number; error: string };

/** Page cache of the worker's connection, in KiB (as the server's own: server/db/database.ts). */
const CACHE_KIB = 4000;

const sqlite = new SQLite(workerData as string, { readonly: true, fileMustExist: true });
sqlite.pragma(`cache_size = -${CACHE_KIB}`);
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  plugins: [new SqliteBooleanPlugin()],
});

async function answer(ask: ReadAsk): Promise<ReadAnswer> {
  try {
    const report =
      ask.kind === 'overview'
        ? await readOverview(db, ask.query, ask.counting)
        : await readSceneAnalytics(db, ask.sceneId, ask.query, ask.counting);
    return { id: ask.id, json: JSON.stringify(report) };
  } catch (err) {
    return { id: ask.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

parentPort?.on('message', (ask: ReadAsk) => {
  void answer(ask).then((a) => parentPort?.postMessage(a));
});
