import { type Kysely, sql, type Transaction } from 'kysely';
import { FALLBACK_STATS, normaliseStats } from '../../../core/game/stats.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import { compileOnce } from '../compile-once.ts';
import type { Database } from '../schema/database.ts';
import { sqliteHandleOf, withSqlite } from '../sqlite-handle.ts';
import { bool, json, now, timeOrderedUuid } from './values.ts';

/** A player's saved game, stats normalised (a damaged row reads as the "Limits" rules fallback stats). */
export interface PlayerState {
  userId: string;
  currentSceneId: string | null;
  stats: PlayerStats;
  choiceCount: number;
  sceneCount: number;
  lastEventAt: string | null;
  /** The random event the player saw last (never shown to a guest twice in a row). */
  lastEventId: string | null;
  isGuest: boolean;
  version: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** The player's row on SQLite, as a prepared statement (choice-sqlite.ts says why). */
const SELECT_PLAYER = 'select * from players where user_id = ?';

/** The players columns a PlayerState is read from (is_guest: 0/1 on SQLite). */
export interface PlayerRow {
  user_id: string;
  current_scene_id: string | null;
  stats: string;
  choice_count: number;
  scene_count: number;
  last_event_at: string | null;
  last_event_id: string | null;
  is_guest: boolean | number;
  version: number;
}

/**
 * The players columns PlayerRow has, for reads through Kysely: `select *` would also bring
 * test_owner_id and the two bookkeeping timestamps, which PostgreSQL's driver parses on every
 * scene read (docs/operations.md 'Capacity').
 */
export const PLAYER_ROW_COLUMNS = [
  'user_id',
  'current_scene_id',
  'stats',
  'choice_count',
  'scene_count',
  'last_event_at',
  'last_event_id',
  'is_guest',
  'version',
] as const satisfies readonly (keyof PlayerRow)[];

/** A players row as a PlayerState. */
export function toState(r: PlayerRow): PlayerState {
  return {
    userId: r.user_id,
    currentSceneId: r.current_scene_id,
    stats: normaliseStats(json<unknown>(r.stats, null), FALLBACK_STATS),
    choiceCount: Number(r.choice_count),
    sceneCount: Number(r.scene_count),
    lastEventAt: r.last_event_at,
    lastEventId: r.last_event_id ?? null,
    isGuest: bool(r.is_guest),
    version: Number(r.version),
  };
}

/**
 * SQLite: the player's game from the row as last read or written (sqlite-handle.ts), null when
 * they never started, undefined when it is not known (not read since the last write, or not SQLite).
 */
export function cachedPlayerState(db: Executor, userId: string): PlayerState | null | undefined {
  const known = sqliteHandleOf(db)?.playerRows.get(userId) as PlayerRow | null | undefined;
  return known ? toState(known) : known;
}

/** A player's saved game, or null when they never started. */
export async function loadPlayerState(db: Executor, userId: string): Promise<PlayerState | null> {
  // SQLite: the row as last read or written (sqlite-handle.ts), else one prepared statement
  // without building a Kysely query (every scene read asks).
  const known = cachedPlayerState(db, userId);
  if (known !== undefined) return known;
  const fast = await withSqlite(db, (sqlite, handle) => {
    const row = (sqlite.prepare(SELECT_PLAYER).get(userId) as PlayerRow | undefined) ?? null;
    handle.rememberPlayer(userId, row);
    return row;
  });
  if (fast) return fast.value ? toState(fast.value) : null;
  const [r] = await selectPlayerRow(db, { userId });
  return r ? toState(r) : null;
}

/** A player's row through Kysely (PostgreSQL, or a SQLite transaction), compiled once. */
const selectPlayerRow = compileOnce<'userId', PlayerRow>(['userId'], (db, v) =>
  db.selectFrom('players').select(PLAYER_ROW_COLUMNS).where('user_id', '=', v.userId),
);

/**
 * Starts a game over: the player's row (created when missing) gets the scene, the stats and zero
 * counters; the version goes up so a choice computed against the old game cannot be saved.
 */
export async function resetPlayerState(
  db: Executor,
  p: { userId: string; sceneId: string; stats: PlayerStats; isGuest: boolean },
): Promise<PlayerState> {
  const at = now();
  const values = {
    current_scene_id: p.sceneId,
    stats: JSON.stringify(p.stats),
    choice_count: 0,
    scene_count: 1,
    last_event_at: null,
    last_event_id: null,
    is_guest: p.isGuest,
    updated_at: at,
  };
  const row = await db
    .insertInto('players')
    .values({ user_id: p.userId, ...values, version: 1, created_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ ...values, version: sql`players.version + 1` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toState(row);
}

/*
 * What a choice writes, the same on both engines: the service decides a ChoiceWrite, which
 * becomes one ChoiceRowValues (serialised once) for choice-sqlite.ts or choice-pg.ts; both read
 * the player with any choice already logged under the key as one PlayerChoiceRow.
 */

/** What a choice computed: the player's new state, the log row and the answer to store. */
export interface ChoiceWrite {
  player: Omit<PlayerState, 'version'>;
  log: { sceneId: string; optionId: string; nextSceneId: string; eventId: string | null };
  response: unknown;
}

/** The values a choice writes (already serialised), under the version it was decided on. */
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
  /** The version the choice was decided on (null: the player had no row). */
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

/** A choice's values as both engines' statements take them (a time-ordered log id). */
export function choiceRowValues(
  w: ChoiceWrite,
  key: string,
  expectedVersion: number | null,
): ChoiceRowValues {
  const p = w.player;
  return {
    userId: p.userId,
    currentSceneId: p.currentSceneId,
    stats: JSON.stringify(p.stats),
    choiceCount: p.choiceCount,
    sceneCount: p.sceneCount,
    lastEventAt: p.lastEventAt,
    lastEventId: p.lastEventId,
    isGuest: p.isGuest,
    at: now(),
    expectedVersion,
    log: {
      id: timeOrderedUuid(),
      sceneId: w.log.sceneId,
      optionId: w.log.optionId,
      nextSceneId: w.log.nextSceneId,
      key,
      eventId: w.log.eventId,
      response: JSON.stringify(w.response),
    },
  };
}

/** The players row a committed choice left (a first choice inserts version 1). */
export function writtenRow(v: ChoiceRowValues): PlayerRow {
  return {
    user_id: v.userId,
    current_scene_id: v.currentSceneId,
    stats: v.stats,
    choice_count: v.choiceCount,
    scene_count: v.sceneCount,
    last_event_at: v.lastEventAt,
    last_event_id: v.lastEventId,
    is_guest: v.isGuest,
    version: (v.expectedVersion ?? 0) + 1,
  };
}

/** A players row with the choice logged under the key, if any (columns named stored_*). */
export interface PlayerChoiceRow extends PlayerRow {
  stored_option_id: string | null;
  stored_next_scene_id: string | null;
  stored_stats_after: string | null;
  stored_response: string | null;
}

/** A choice already applied under this idempotency key: what was chosen and what was answered. */
export interface StoredChoice {
  optionId: string;
  nextSceneId: string | null;
  statsAfter: PlayerStats;
  response: unknown;
}

/** The player's game and the choice stored under the key, from the one select of a choice. */
export function playerAndChoiceOf(row: PlayerChoiceRow | undefined): {
  player: PlayerState | null;
  stored: StoredChoice | null;
} {
  if (!row) return { player: null, stored: null };
  const stored =
    row.stored_option_id === null
      ? null
      : {
          optionId: row.stored_option_id,
          nextSceneId: row.stored_next_scene_id,
          statsAfter: normaliseStats(json<unknown>(row.stored_stats_after, null), FALLBACK_STATS),
          response: json<unknown>(row.stored_response, null),
        };
  return { player: toState(row), stored };
}
