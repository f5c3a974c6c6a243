import {
  AliasNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from 'kysely';
import { LOG_AND_TOTALS_ONLY } from './log-only-sql.ts';
import { PassThroughPlugin } from './marker-plugin.ts';

/** Rows remembered at most; a full memory starts again (about 300 bytes a row). */
const PLAYER_ROWS_MAX = 10_000;

/**
 * Rides along in a Kysely instance and remembers players rows as a choice last read or wrote
 * them (`playerRows`, by user id; null: no row), so a player's next choice can be decided without
 * a select. Every Kysely statement that is not a plain read empties it before it runs and again
 * once it returns (an update, a user deleted with its player by cascade, a reset, a migration),
 * except the writes of the choice log and the analytics' totals (NOT_PLAYERS below) and the
 * PostgreSQL choice statement, whose one players row the choice remembers or forgets itself.
 * `generation` moves on every emptying: a choice remembers the row it wrote only if no other
 * write began meanwhile. SQLite trusts the rows for scene reads too (one process owns the file:
 * sqlite-handle.ts); PostgreSQL only for choices, whose version guard still decides
 * (server/db/repositories/choice-pg.ts).
 */
export class PlayerRowsPlugin extends PassThroughPlugin {
  readonly playerRows = new Map<string, unknown>();
  #generation = 0;
  readonly #writes = new WeakSet<QueryId>();

  /** Moves on every emptying. */
  get generation(): number {
    return this.#generation;
  }

  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (!isPlainRead(args.node) && !leavesPlayersAlone(args.node)) {
      this.#forgetAll();
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  override async transformResult(
    args: PluginTransformResultArgs,
  ): Promise<QueryResult<UnknownRow>> {
    // A read that filled the memory while this write waited for the connection read the old row.
    if (this.#writes.has(args.queryId)) this.#forgetAll();
    return args.result;
  }

  /** Remembers a row read or written (bounded: a full memory starts again). */
  rememberPlayer(userId: string, row: unknown): void {
    if (this.playerRows.size >= PLAYER_ROWS_MAX) this.playerRows.clear();
    this.playerRows.set(userId, row);
  }

  #forgetAll(): void {
    this.#generation++;
    this.playerRows.clear();
  }
}

/**
 * Tables whose writes never change a players row (no trigger or cascade reaches players from
 * them): the choice log and the analytics' running totals, which the background catch-up writes
 * every few seconds (services/analytics/rollup.ts). Emptying the memory for those would send
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

/**
 * An insert, update or delete of one table that cannot change a players row, or raw SQL marked
 * LOG_AND_TOTALS_ONLY. A CTE may write anything, except in the PostgreSQL choice statement (an insert into choice_log whose CTE writes
 * the chooser's row, remembered or forgotten by the choice itself).
 */
function leavesPlayersAlone(node: RootOperationNode): boolean {
  if (node.kind === 'RawNode')
    return node.sqlFragments[0]?.startsWith(LOG_AND_TOTALS_ONLY) === true;
  const table = targetTable(node);
  if (table === undefined || !NOT_PLAYERS.test(table)) return false;
  if (!('with' in node) || !node.with) return true;
  return node.kind === 'InsertQueryNode' && table === 'choice_log';
}

/** A select, or raw SQL that plainly is one; anything else may change rows. */
function isPlainRead(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return true;
  return node.kind === 'RawNode' && /^\s*select\b/i.test(node.sqlFragments[0] ?? '');
}
