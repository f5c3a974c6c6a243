import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { PassThroughPlugin } from './marker-plugin.ts';
import type { Database } from './schema/database.ts';

/** Rides along in a SQLite Kysely instance so the hot play statements can reach better-sqlite3. */
export class SqliteHandlePlugin extends PassThroughPlugin {
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
  work: (sqlite: SQLite.Database) => T,
): Promise<{ value: T } | undefined> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) return undefined;
  return db.connection().execute(async () => ({ value: work(sqlite) }));
}

/** The better-sqlite3 handle of `db`, or undefined when `db` is not SQLite or is a transaction. */
export function sqliteHandleOf(db: Kysely<Database>): SQLite.Database | undefined {
  if (db.isTransaction) return undefined;
  const handle = db.getExecutor().plugins.find((p) => p instanceof SqliteHandlePlugin) as
    | SqliteHandlePlugin
    | undefined;
  return handle?.sqlite;
}
