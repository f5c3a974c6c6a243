import type { Kysely } from 'kysely';
import { FALLBACK_STATS, normaliseStats } from '../../../core/game/stats.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import { compileOnce } from '../compile-once.ts';
import type { Dialect } from '../database.ts';
import type { Database } from '../schema/database.ts';
import { withSqlite } from '../sqlite-handle.ts';
import { writeChoiceSqlite } from './choice-group-commit.ts';
import { writeChoicePg } from './choice-pg.ts';
import { type PlayerChoiceRow, selectPlayerAndChoice } from './choice-sqlite.ts';
import {
  type ChoiceWrite,
  logFields,
  type PendingWrite,
  type PlayDatabase,
  playerFields,
} from './choice-values.ts';
import { cachedPlayerState, type PlayerState, toState } from './play-state.ts';
import { json, now } from './values.ts';

/** A choice already applied under this idempotency key: what was chosen and what was answered. */
export interface StoredChoice {
  optionId: string;
  nextSceneId: string | null;
  statsAfter: PlayerStats;
  response: unknown;
}

/** The outcome of a choice transaction. */
export type ChoiceTxResult<R> =
  | { kind: 'replay'; stored: StoredChoice; player: PlayerState | null }
  | { kind: 'applied'; response: R }
  | { kind: 'nothing'; value: R };

/** Another request changed the player (or used the key) first: read again and decide again. */
class ConcurrentChange extends Error {}

/**
 * The player's row and the choice already logged under `key`, in one select (a left join on
 * choice_log's unique (player_id, idempotency_key) index). A player who never started has no
 * row and so no logged choice either (both are written together).
 */
async function loadForChoice(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<{ player: PlayerState | null; stored: StoredChoice | null }> {
  const fast = await withSqlite(db, (sqlite) => selectPlayerAndChoice(sqlite, userId, key));
  const row: PlayerChoiceRow | undefined = fast
    ? fast.value
    : (await selectWithKysely(db, { userId, key }))[0];
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

/** The same select built with Kysely (PostgreSQL), compiled once. */
const selectWithKysely = compileOnce<'userId' | 'key', PlayerChoiceRow>(
  ['userId', 'key'],
  (db, v) =>
    (db as unknown as Kysely<PlayDatabase>)
      .selectFrom('players')
      .leftJoin('choice_log as c', (join) =>
        join.onRef('c.player_id', '=', 'players.user_id').on('c.idempotency_key', '=', v.key),
      )
      .selectAll('players')
      .select([
        'c.option_id as stored_option_id',
        'c.next_scene_id as stored_next_scene_id',
        'c.stats_after as stored_stats_after',
        'c.response as stored_response',
      ])
      .where('players.user_id', '=', v.userId),
);

/**
 * Runs one choice: one select reads the player and any choice already logged under the
 * idempotency key (a used key returns the stored choice and applies nothing); `decide` then works
 * in memory (scenes, options, events and ads come from the content cache) and returns a write or
 * a value to answer without writing, or throws (an HttpError) to refuse. The write is one short
 * transaction (SQLite: update + insert, committed together with the other choices of the same
 * event-loop turn; PostgreSQL: a single statement) guarded twice: the
 * player's version must be the one read, and choice_log's unique (player_id, idempotency_key)
 * must accept the row. If either fails another request won the race, and the choice is read and
 * decided again, which then finds that request's answer or the player's new scene.
 *
 * SQLite keeps the player's row as last read or written (sqlite-handle.ts): with it, the choice is
 * first decided without the select, the key then checked by the write itself (the unique index
 * refuses a used key, undoing the player's update with it). Only an applied write is answered
 * that way; a refusal, an answer without a write or a refused write is read and decided again as
 * above, so a used key still returns its stored answer.
 */
export async function runChoiceTransaction<R>(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  idempotencyKey: string,
  decide: Decide<R>,
): Promise<ChoiceTxResult<R>> {
  const cached = cachedPlayerState(db, userId);
  if (cached !== undefined) {
    const applied = await applyOnCachedRow(db, idempotencyKey, cached, decide);
    if (applied) return applied;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const { player, stored } = await loadForChoice(db, userId, idempotencyKey);
      if (stored) return { kind: 'replay', stored, player };
      const decision = await decide(db, player);
      if ('value' in decision) return { kind: 'nothing', value: decision.value };
      const write = {
        w: decision.write,
        expectedVersion: player?.version ?? null,
        key: idempotencyKey,
      };
      if (dialect === 'postgres') {
        if (!(await writeChoicePg(db, write))) throw new ConcurrentChange();
      } else await writeOnSqlite(db, write);
      return { kind: 'applied', response: decision.write.response };
    } catch (err) {
      if (!(err instanceof ConcurrentChange) || attempt >= 8) throw err;
    }
  }
}

type Decide<R> = (
  db: Kysely<Database>,
  player: PlayerState | null,
) => Promise<{ write: ChoiceWrite & { response: R } } | { value: R }>;

/** SQLite: the choice decided on the cached row and written, or null to take the full path. */
async function applyOnCachedRow<R>(
  db: Kysely<Database>,
  key: string,
  player: PlayerState | null,
  decide: Decide<R>,
): Promise<ChoiceTxResult<R> | null> {
  try {
    const decision = await decide(db, player);
    if (!('write' in decision)) return null;
    await writeOnSqlite(db, { w: decision.write, expectedVersion: player?.version ?? null, key });
    return { kind: 'applied', response: decision.write.response };
  } catch {
    // Refused (perhaps only because the key was used before), or raced: decided again after the select.
    return null;
  }
}

/** SQLite: the choice's rows through better-sqlite3's prepared statements (choice-sqlite.ts). */
async function writeOnSqlite(db: Kysely<Database>, pending: PendingWrite): Promise<void> {
  const written = writeChoiceSqlite(db, {
    ...playerFields(pending.w.player),
    at: now(),
    expectedVersion: pending.expectedVersion,
    log: logFields(pending),
  });
  // Every SQLite database the server opens carries the handle (database.ts); a transaction does not.
  if (written === undefined)
    throw new Error('A choice is written on the SQLite database, not inside a transaction');
  if (!(await written)) throw new ConcurrentChange();
}
