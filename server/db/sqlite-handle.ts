import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { PlayerRowsPlugin } from './player-rows.ts';
import type { Database } from './schema/database.ts';

/**
 * Rides along in a SQLite Kysely instance so the hot play statements can reach better-sqlite3,
 * and remembers the players rows those statements read or wrote (player-rows.ts) until the next
 * write. One process owns a SQLite file (database.ts), so no write is missed; a scene read then
 * needs no statement at all. What it buys: the prepared statements of choice-sqlite.ts (CPU per
 * choice ~1.9 -> ~1.0-1.3 ms) and a scene read without a select (play-state.test.ts reads the
 * game after every kind of write).
 */
export class SqliteHandlePlugin extends PlayerRowsPlugin {
  constructor(readonly sqlite: SQLite.Database) {
    super();
  }
}

/**
 * Runs `work` on the better-sqlite3 handle of `db` while holding Kysely's connection (so it never
 * interleaves with a Kysely transaction on that connection), or returns `undefined` without
 * running it when `db` is not SQLite or is itself a transaction. `work` is synchronous: prepared
 * statements (cached by the connection, database.ts) run without Kysely's query building, which
 * is most of the cost of the few statements a play request makes.
 */
export async function withSqlite<T>(
  db: Kysely<Database>,
  work: (sqlite: SQLite.Database, handle: SqliteHandlePlugin) => T,
): Promise<{ value: T } | undefined> {
  const handle = sqliteHandleOf(db);
  if (!handle) return undefined;
  return db.connection().execute(async () => ({ value: work(handle.sqlite, handle) }));
}

/** The SQLite handle plugin of `db`, or undefined when `db` is not SQLite or is a transaction. */
export function sqliteHandleOf(db: Kysely<Database>): SqliteHandlePlugin | undefined {
  const rows = playerRowsOf(db);
  return rows instanceof SqliteHandlePlugin ? rows : undefined;
}

/** The players rows plugin of `db` (both engines), or undefined in a transaction. */
export function playerRowsOf(db: Kysely<Database>): PlayerRowsPlugin | undefined {
  if (db.isTransaction) return undefined;
  return db.getExecutor().plugins.find((p) => p instanceof PlayerRowsPlugin) as
    | PlayerRowsPlugin
    | undefined;
}
