import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { type SqliteHandlePlugin, sqliteHandleOf, withSqlite } from '../sqlite-handle.ts';
import type { PlayerRow } from './play-state.ts';

/*
 * The statements of a choice on SQLite, as prepared statements run straight on better-sqlite3
 * (through withSqlite, which holds Kysely's connection meanwhile). They are the same statements
 * the Kysely versions build (choice-transaction.ts, play-state.ts); written out because building
 * and compiling a Kysely query costs more than SQLite takes to run it.
 */

/** A players row with the choice logged under the key, if any (columns named stored_*). */
export interface PlayerChoiceRow extends PlayerRow {
  stored_option_id: string | null;
  stored_next_scene_id: string | null;
  stored_stats_after: string | null;
  stored_response: string | null;
}

const SELECT_PLAYER = 'select * from players where user_id = ?';

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

/** A player's row, or undefined. */
export function selectPlayer(sqlite: SQLite.Database, userId: string) {
  return sqlite.prepare(SELECT_PLAYER).get(userId) as PlayerRow | undefined;
}

/** The player's row and the choice logged under `key` (one select), or undefined. */
export function selectPlayerAndChoice(
  sqlite: SQLite.Database,
  userId: string,
  key: string,
): PlayerChoiceRow | undefined {
  return sqlite.prepare(SELECT_PLAYER_AND_CHOICE).get(key, userId) as PlayerChoiceRow | undefined;
}

/** The values a choice writes (already serialised). */
export interface ChoiceRowValues {
  userId: string;
  currentSceneId: string | null;
  stats: string;
  choiceCount: number;
  sceneCount: number;
  lastEventAt: string | null;
  lastEventId: string | null;
  isGuest: boolean;
  at: string;
  expectedVersion: number | null;
  log: {
    id: string;
    sceneId: string;
    optionId: string;
    nextSceneId: string;
    key: string;
    eventId: string | null;
    response: string;
  };
}

/** Thrown inside a write to undo it: the version guard or choice_log's unique key refused. */
const refused = new Error('refused');

/** The player's row (updated under the version guard, or inserted for a first choice) and the log row. */
function writeChoiceRows(sqlite: SQLite.Database, v: ChoiceRowValues): void {
  const guest = v.isGuest ? 1 : 0;
  // The player columns, in the order both statements list them.
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
  if (player.changes === 0) throw refused;
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
  if (logged.changes === 0) throw refused;
}

/** The players row a committed write left (the columns PlayerState is read from). */
function writtenRow(v: ChoiceRowValues): PlayerRow {
  return {
    user_id: v.userId,
    current_scene_id: v.currentSceneId,
    stats: v.stats,
    choice_count: v.choiceCount,
    scene_count: v.sceneCount,
    last_event_at: v.lastEventAt,
    last_event_id: v.lastEventId,
    is_guest: v.isGuest ? 1 : 0,
    // INSERT_PLAYER writes version 1; UPDATE_PLAYER the version read plus one.
    version: (v.expectedVersion ?? 0) + 1,
  };
}

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
 * savepoint only.
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
