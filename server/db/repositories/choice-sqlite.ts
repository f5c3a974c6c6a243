import type SQLite from 'better-sqlite3';
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

/**
 * Thrown inside the transaction to roll it back when a guard refuses. Made once: an Error made
 * per choice captured a stack trace on every choice.
 */
const REFUSED = new Error('choice refused');

/**
 * The player's row (updated under the version guard, or inserted for a first choice) and the log
 * row, in one transaction. False, with nothing written, when the guard or choice_log's unique key
 * refuses (another request won the race).
 */
export function writeChoiceSqlite(sqlite: SQLite.Database, v: ChoiceRowValues): boolean {
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
  const write = sqlite.transaction(() => {
    const player =
      v.expectedVersion === null
        ? sqlite.prepare(INSERT_PLAYER).run(v.userId, ...columns, v.at)
        : sqlite
            .prepare(UPDATE_PLAYER)
            .run(...columns, v.expectedVersion + 1, v.userId, v.expectedVersion);
    if (player.changes === 0) throw REFUSED;
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
    if (logged.changes === 0) throw REFUSED;
  });
  try {
    write();
    return true;
  } catch (err) {
    if (err === REFUSED) return false;
    throw err;
  }
}
