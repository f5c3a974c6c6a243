import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { type SqliteHandlePlugin, sqliteHandleOf, withSqlite } from '../sqlite-handle.ts';
import { type ChoiceRowValues, type PlayerChoiceRow, writtenRow } from './play-state.ts';

/*
 * A choice on SQLite, top to bottom: the statements, the read, the write and its group commit.
 * choice-transaction.ts decides when each runs (read, decide, write; a refused write is read and
 * decided again).
 *
 * The statements run straight on better-sqlite3 as prepared statements (through withSqlite, which
 * holds Kysely's connection meanwhile): building and compiling a Kysely query costs more than
 * SQLite takes to run it. What it bought (A/B in the process, a loaded 2-core machine): CPU per
 * choice ~1.9 -> ~1.0-1.3 ms, per scene read ~0.79 -> ~0.67-0.72 ms.
 */

const SELECT_PLAYER_AND_CHOICE = `select p.*, c.option_id as stored_option_id,
  c.next_scene_id as stored_next_scene_id, c.stats_after as stored_stats_after,
  c.response as stored_response
from players p left join choice_log c on c.player_id = p.user_id and c.idempotency_key = ?
where p.user_id = ?`;

const UPDATE_PLAYER = `update players set current_scene_id = ?, stats = ?, choice_count = ?,
  scene_count = ?, last_event_at = ?, last_event_id = ?, is_guest = ?,
  updated_at = ?, version = ?
where user_id = ? and version = ?`;

const INSERT_PLAYER = `insert into players (user_id, current_scene_id, stats, choice_count,
  scene_count, last_event_at, last_event_id, is_guest, updated_at, version, created_at)
values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)
on conflict (user_id) do nothing`;

const INSERT_CHOICE = `insert into choice_log (id, player_id, scene_id, option_id, next_scene_id,
  stats_after, idempotency_key, is_guest, event_id, created_at, response)
values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
on conflict (player_id, idempotency_key) do nothing`;

/** The SQLite handle of `db`; every SQLite database the server opens carries one (database.ts). */
function handleOf(db: Kysely<Database>): SqliteHandlePlugin {
  const handle = sqliteHandleOf(db);
  if (!handle) throw new Error('A choice runs on the SQLite database, not inside a transaction');
  return handle;
}

/** 1. The read: the player's row and the choice logged under `key`, in one select. */
export async function readPlayerAndChoice(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<PlayerChoiceRow | undefined> {
  handleOf(db); // throws outside the SQLite database itself
  const run = await withSqlite(
    db,
    (sqlite) =>
      sqlite.prepare(SELECT_PLAYER_AND_CHOICE).get(key, userId) as PlayerChoiceRow | undefined,
  );
  return run?.value;
}

const DELETE_CHOICE = 'delete from choice_log where id = ?';

/**
 * 2. The rows of one choice, without a savepoint of its own: first the log row, whose unique
 * (player_id, idempotency_key) refuses a used key before anything is written; then the player's
 * row, updated under the version guard (or inserted for a first choice). When the player's row
 * refuses, the log row just inserted is deleted again, which leaves both tables as they were.
 * Returns false when refused (nothing written). Any other error may leave the write half done:
 * the caller rolls back the transaction it ran in.
 *
 * Why no savepoint: a savepoint per write copied every page the write touched into SQLite's
 * statement journal; without it a choice's write costs ~75 instead of ~115 µs of CPU (the two
 * statements in batches of 40 on a copy of the bench's database, three runs each).
 */
function writeChoiceRows(sqlite: SQLite.Database, v: ChoiceRowValues): boolean {
  const guest = v.isGuest ? 1 : 0;
  const logged = sqlite
    .prepare(INSERT_CHOICE)
    .run(
      v.log.id,
      v.userId,
      v.log.sceneId,
      v.log.optionId,
      v.log.nextSceneId,
      v.stats,
      v.log.key,
      guest,
      v.log.eventId,
      v.at,
      v.log.response,
    );
  if (logged.changes === 0) return false;
  // The player columns, in the order both player statements list them.
  const columns = [
    v.currentSceneId,
    v.stats,
    v.choiceCount,
    v.sceneCount,
    v.lastEventAt,
    v.lastEventId,
    guest,
    v.at,
  ];
  const player =
    v.expectedVersion === null
      ? sqlite.prepare(INSERT_PLAYER).run(v.userId, ...columns, v.at)
      : sqlite
          .prepare(UPDATE_PLAYER)
          .run(...columns, v.expectedVersion + 1, v.userId, v.expectedVersion);
  if (player.changes > 0) return true;
  sqlite.prepare(DELETE_CHOICE).run(v.log.id);
  return false;
}

interface QueuedWrite {
  values: ChoiceRowValues;
  resolve: (written: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * 3. Group commit: the choice writes that arrive in one turn of the event loop are committed
 * together, in one transaction. A commit writes every page it changed to the WAL (and a
 * checkpoint later copies them back and syncs), so 16 choices in one commit write the shared
 * pages (the players table, the ends of choice_log and its indexes) once instead of 16 times.
 * Each write is answered only after its commit. A refused write undoes itself (writeChoiceRows);
 * any other error rolls the whole batch back, and its writes are then tried again one by one,
 * each in its own transaction, so only the failing one fails. What it bought: choices 835-1243
 * -> 2435-3558 req/s on SQLite (npm run bench's choice throughput, A/B runs);
 * choice-sqlite.test.ts holds its invariants.
 */
class ChoiceWriteBatch {
  #queue: QueuedWrite[] = [];
  readonly #handle: SqliteHandlePlugin;
  /** One write in its own transaction: written (true), refused (false) or its error thrown. */
  readonly #writeOne: (values: ChoiceRowValues) => boolean;
  /** Several writes in one transaction; throws (all undone) when one fails other than by refusal. */
  readonly #writeAll: (queue: QueuedWrite[]) => boolean[];

  constructor(handle: SqliteHandlePlugin) {
    const sqlite = handle.sqlite;
    this.#handle = handle;
    this.#writeOne = sqlite.transaction((values: ChoiceRowValues) =>
      writeChoiceRows(sqlite, values),
    );
    this.#writeAll = sqlite.transaction((queue: QueuedWrite[]) =>
      queue.map((q) => writeChoiceRows(sqlite, q.values)),
    );
  }

  /** Queues a write; resolves once committed (true) or refused with nothing written (false). */
  add(db: Kysely<Database>, values: ChoiceRowValues): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ values, resolve, reject });
      if (this.#queue.length === 1) setImmediate(() => void this.#flush(db));
    });
  }

  /** The outcome of one write in its own transaction: true, false or its error. */
  #attempt(values: ChoiceRowValues): unknown {
    try {
      return this.#writeOne(values);
    } catch (err) {
      return err;
    }
  }

  /** The outcome of each write: all in one transaction, or one by one when that one failed. */
  #writeQueue(queue: QueuedWrite[]): unknown[] {
    if (queue.length > 1) {
      try {
        return this.#writeAll(queue);
      } catch {
        // Rolled back whole: each write again on its own, so only the failing one fails.
      }
    }
    return queue.map((q) => this.#attempt(q.values));
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
          done = this.#writeQueue(queue);
          return done;
        } finally {
          // A row written is remembered as written, so the player's next read or choice needs
          // no select; any other may have changed and is read again.
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
 * 4. The write: the player's row and the log row, atomically, committed with the other choices
 * of this turn (ChoiceWriteBatch). Resolves false, with nothing written, when the version guard
 * or choice_log's unique key refuses (another request won the race, or the key was used).
 */
export function writeChoice(db: Kysely<Database>, values: ChoiceRowValues): Promise<boolean> {
  const handle = handleOf(db);
  let batch = batches.get(handle);
  if (!batch) {
    batch = new ChoiceWriteBatch(handle);
    batches.set(handle, batch);
  }
  return batch.add(db, values);
}
