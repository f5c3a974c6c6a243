import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { type SqliteHandlePlugin, sqliteHandleOf, withSqlite } from '../sqlite-handle.ts';
import { type ChoiceRowValues, refused, writeChoiceRows, writtenRow } from './choice-sqlite.ts';

interface QueuedWrite {
  values: ChoiceRowValues;
  resolve: (written: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: the choice writes that arrive in one turn of the event loop are committed
 * together, each inside its own savepoint. A commit writes every page it changed to the WAL (and
 * a checkpoint later copies them back and syncs), so 16 choices in one commit write the shared
 * pages (the players table, the ends of choice_log and its indexes) once instead of 16 times.
 * Each write is answered only after its commit, as before; a refused write rolls back its own
 * savepoint only. What it buys: choices 835-1243 -> 2435-3558 req/s on SQLite (npm run bench's
 * choice throughput, A/B runs); choice-group-commit.test.ts holds its invariants.
 */
class ChoiceWriteBatch {
  #queue: QueuedWrite[] = [];
  readonly #handle: SqliteHandlePlugin;
  /** One write: its own transaction, or a savepoint inside the batch's. */
  readonly #writeOne: (values: ChoiceRowValues) => void;
  /** Several writes in one transaction; the outcome of each (true, false or its error). */
  readonly #writeAll: (queue: QueuedWrite[]) => unknown[];

  constructor(sqlite: SQLite.Database, handle: SqliteHandlePlugin) {
    this.#handle = handle;
    this.#writeOne = sqlite.transaction((values: ChoiceRowValues) =>
      writeChoiceRows(sqlite, values),
    );
    this.#writeAll = sqlite.transaction((queue: QueuedWrite[]) =>
      queue.map((q) => this.#attempt(q.values)),
    );
  }

  /** Queues a write; resolves once committed (true) or refused with nothing written (false). */
  add(db: Kysely<Database>, values: ChoiceRowValues): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ values, resolve, reject });
      if (this.#queue.length === 1) setImmediate(() => void this.#flush(db));
    });
  }

  #attempt(values: ChoiceRowValues): unknown {
    try {
      this.#writeOne(values);
      return true;
    } catch (err) {
      return err === refused ? false : err;
    }
  }

  async #flush(db: Kysely<Database>): Promise<void> {
    const queue = this.#queue;
    this.#queue = [];
    let outcomes: unknown[];
    try {
      // Holds Kysely's connection, so the batch never runs inside another request's transaction.
      const run = await withSqlite(db, () => {
        let done: unknown[] = [];
        try {
          done = queue.length === 1 ? [this.#attempt(queue[0]!.values)] : this.#writeAll(queue);
          return done;
        } finally {
          // Their rows changed (or may have): a row written is remembered as written, so the
          // player's next read or choice needs no select; any other is read again.
          for (const [i, q] of queue.entries()) {
            if (done[i] === true)
              this.#handle.rememberPlayer(q.values.userId, writtenRow(q.values));
            else this.#handle.playerRows.delete(q.values.userId);
          }
        }
      });
      if (!run) throw new Error('SQLite handle unavailable');
      outcomes = run.value;
    } catch (err) {
      for (const q of queue) q.reject(err);
      return;
    }
    for (const [i, q] of queue.entries()) {
      const outcome = outcomes[i];
      if (typeof outcome === 'boolean') q.resolve(outcome);
      else q.reject(outcome);
    }
  }
}

const batches = new WeakMap<SqliteHandlePlugin, ChoiceWriteBatch>();

/**
 * Writes a choice on SQLite (the player's row and the log row, atomically, with the next choices
 * of this turn: ChoiceWriteBatch). Resolves false, with nothing written, when the version guard
 * or choice_log's unique key refuses (another request won the race); undefined when `db` has no
 * better-sqlite3 handle (not SQLite, or a transaction).
 */
export function writeChoiceSqlite(
  db: Kysely<Database>,
  values: ChoiceRowValues,
): Promise<boolean> | undefined {
  const handle = sqliteHandleOf(db);
  if (!handle) return undefined;
  let batch = batches.get(handle);
  if (!batch) {
    batch = new ChoiceWriteBatch(handle.sqlite, handle);
    batches.set(handle, batch);
  }
  return batch.add(db, values);
}
