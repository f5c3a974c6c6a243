import type SQLite from 'better-sqlite3';
import {
  AliasNode,
  type Kysely,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from 'kysely';
import { PassThroughPlugin } from './marker-plugin.ts';
import type { Database } from './schema/database.ts';

/**
 * Rides along in a SQLite Kysely instance so the hot play statements can reach better-sqlite3,
 * and keeps the players rows those statements read (`playerRows`) until the next write: every
 * Kysely statement that is not a plain read empties it before it runs and again once it returns
 * (an update, a user deleted with its player by cascade, a migration; not the writes of the log
 * and the analytics' totals, NOT_PLAYERS below), and the choice writes on
 * better-sqlite3 drop their players' rows once committed. One process owns a SQLite file
 * (database.ts), so no write is missed; a scene read then needs no statement at all. What it
 * buys: the prepared statements of choice-sqlite.ts (CPU per choice ~1.9 -> ~1.0-1.3 ms) and a
 * scene read without a select (play-state.test.ts reads the game after every kind of write).
 */
export class SqliteHandlePlugin extends PassThroughPlugin {
  /** players rows by user id (null: no row), as last read; emptied by any write. */
  readonly playerRows = new Map<string, unknown>();
  readonly #writes = new WeakSet<QueryId>();
  constructor(readonly sqlite: SQLite.Database) {
    super();
  }

  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (!isPlainRead(args.node) && !leavesPlayersAlone(args.node)) {
      this.playerRows.clear();
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  override async transformResult(
    args: PluginTransformResultArgs,
  ): Promise<QueryResult<UnknownRow>> {
    // A read that filled the cache while this write waited for the connection read the old row.
    if (this.#writes.has(args.queryId)) this.playerRows.clear();
    return args.result;
  }

  /** Remembers a row read on the connection (bounded: a full cache starts again). */
  rememberPlayer(userId: string, row: unknown): void {
    if (this.playerRows.size >= PLAYER_ROWS_MAX) this.playerRows.clear();
    this.playerRows.set(userId, row);
  }
}

const PLAYER_ROWS_MAX = 10_000;

/**
 * Tables whose writes never change a players row (no trigger or cascade reaches players from
 * them): the choice log and the analytics' running totals, which the background catch-up writes
 * every few seconds (services/analytics/rollup.ts). Emptying the cache for those would send
 * every player's next choice to a select.
 */
const NOT_PLAYERS = /^(choice_log|analytics_[a-z_]+)$/;

/** The table an insert, update or delete writes, when it is one plain table. */
function targetTable(node: RootOperationNode): string | undefined {
  let table: OperationNode | undefined;
  if (node.kind === 'InsertQueryNode') table = node.into;
  else if (node.kind === 'UpdateQueryNode') table = node.table;
  else if (node.kind === 'DeleteQueryNode' && node.from.froms.length === 1)
    table = node.from.froms[0];
  if (table && AliasNode.is(table)) table = table.node;
  return table && TableNode.is(table) ? table.table.identifier.name : undefined;
}

/** An insert, update or delete of one table that cannot change a players row (no CTE). */
function leavesPlayersAlone(node: RootOperationNode): boolean {
  if ('with' in node && node.with) return false;
  const table = targetTable(node);
  return table !== undefined && NOT_PLAYERS.test(table);
}

/** A select, or raw SQL that plainly is one; anything else may change rows. */
function isPlainRead(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return true;
  return node.kind === 'RawNode' && /^\s*select\b/i.test(node.sqlFragments[0] ?? '');
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
  if (db.isTransaction) return undefined;
  return db.getExecutor().plugins.find((p) => p instanceof SqliteHandlePlugin) as
    | SqliteHandlePlugin
    | undefined;
}
