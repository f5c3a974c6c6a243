import type SQLite from 'better-sqlite3';
import type { PlayerRow } from './play-state.ts';

/*
 * The statements of a choice on SQLite, as prepared statements run straight on better-sqlite3
 * (through withSqlite, which holds Kysely's connection meanwhile). They are the same statements
 * the Kysely versions build (choice-transaction.ts, play-state.ts); written out because building
 * and compiling a Kysely query costs more than SQLite takes to run it. What it buys (A/B in the
 * process, a loaded 2-core machine): CPU per choice ~1.9 -> ~1.0-1.3 ms, per scene read ~0.79 ->
 * ~0.67-0.72 ms. The writes are committed in groups (choice-group-commit.ts).
 */

/** A players row with the choice logged under the key, if any (columns named stored_*). */
export interface PlayerChoiceRow extends PlayerRow {
  stored_option_id: string | null;
  stored_next_scene_id: string | null;
  stored_stats_after: string | null;
  stored_response: string | null;
}

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
export const refused = new Error('refused');

/** The player's row (updated under the version guard, or inserted for a first choice) and the log row. */
export function writeChoiceRows(sqlite: SQLite.Database, v: ChoiceRowValues): void {
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
export function writtenRow(v: ChoiceRowValues): PlayerRow {
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
