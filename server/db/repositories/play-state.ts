import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { FALLBACK_STATS, normaliseStats } from '../../../core/game/stats.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import type { Dialect } from '../database.ts';
import type { ChoiceLogTable } from '../schema/choice-log.ts';
import type { Database } from '../schema/database.ts';
import { bool, json, now } from './values.ts';

/** The schema with migration 003's choice_log.response column. */
type PlayDatabase = Omit<Database, 'choice_log'> & {
  choice_log: ChoiceLogTable & { response: string | null };
};

/** A player's saved game, stats normalised (a damaged row reads as the §9 fallback stats). */
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

function toState(r: {
  user_id: string;
  current_scene_id: string | null;
  stats: string;
  choice_count: number;
  scene_count: number;
  last_event_at: string | null;
  last_event_id: string | null;
  is_guest: boolean | number;
  version: number;
}): PlayerState {
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

/** A player's saved game, or null when they never started. */
export async function loadPlayerState(db: Executor, userId: string): Promise<PlayerState | null> {
  const r = await db
    .selectFrom('players')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r ? toState(r) : null;
}

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
    pending: null,
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

/** A choice already applied under this idempotency key: what was chosen and what was answered. */
export interface StoredChoice {
  optionId: string;
  nextSceneId: string | null;
  statsAfter: PlayerStats;
  response: unknown;
}

/** Looks up a player's choice by idempotency key. */
export async function findChoice(
  db: Executor,
  playerId: string,
  key: string,
): Promise<StoredChoice | null> {
  const r = await (db as unknown as Kysely<PlayDatabase>)
    .selectFrom('choice_log')
    .select(['option_id', 'next_scene_id', 'stats_after', 'response'])
    .where('player_id', '=', playerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!r) return null;
  return {
    optionId: r.option_id,
    nextSceneId: r.next_scene_id,
    statsAfter: normaliseStats(json<unknown>(r.stats_after, null), FALLBACK_STATS),
    response: json<unknown>(r.response, null),
  };
}

/** What a choice computed: the player's new state, the log row and the answer to store. */
export interface ChoiceWrite {
  player: Omit<PlayerState, 'version'>;
  log: {
    sceneId: string;
    optionId: string;
    nextSceneId: string;
    eventId: string | null;
  };
  response: unknown;
}

/** The outcome of a choice transaction. */
export type ChoiceTxResult<R> =
  | { kind: 'replay'; stored: StoredChoice }
  | { kind: 'applied'; response: R }
  | { kind: 'nothing'; value: R };

/** Thrown inside the transaction when another request changed the player first. */
class ConcurrentChange extends Error {}

/**
 * Runs one choice as one transaction. The player's row is locked first (PostgreSQL: `select ...
 * for update`; SQLite: the single connection runs one transaction at a time), then the
 * idempotency key is looked up: a key already used returns the stored choice and applies nothing.
 * Otherwise `decide` gets the player (null when they never started) and returns either a write
 * or a value to answer without writing; it may throw (an HttpError) to refuse, which rolls back.
 * The write is guarded twice: the player's version must be unchanged, and choice_log's unique
 * (player_id, idempotency_key) must accept the row. If either fails, another request won the
 * race; the whole transaction is retried and then finds that request's answer.
 */
export async function runChoiceTransaction<R>(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  idempotencyKey: string,
  decide: (
    trx: Transaction<Database>,
    player: PlayerState | null,
  ) => Promise<{ write: ChoiceWrite & { response: R } } | { value: R }>,
): Promise<ChoiceTxResult<R>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('players').selectAll().where('user_id', '=', userId);
        if (dialect === 'postgres') q = q.forUpdate();
        const row = await q.executeTakeFirst();
        const player = row ? toState(row) : null;
        const stored = await findChoice(trx, userId, idempotencyKey);
        if (stored) return { kind: 'replay' as const, stored };
        const decision = await decide(trx, player);
        if ('value' in decision) return { kind: 'nothing' as const, value: decision.value };
        await writeChoice(trx, decision.write, player?.version ?? null, idempotencyKey);
        return { kind: 'applied' as const, response: decision.write.response };
      });
    } catch (err) {
      if (!(err instanceof ConcurrentChange) || attempt >= 5) throw err;
    }
  }
}

async function writeChoice(
  trx: Transaction<Database>,
  w: ChoiceWrite,
  expectedVersion: number | null,
  key: string,
): Promise<void> {
  const at = now();
  const p = w.player;
  const values = {
    current_scene_id: p.currentSceneId,
    stats: JSON.stringify(p.stats),
    choice_count: p.choiceCount,
    scene_count: p.sceneCount,
    last_event_at: p.lastEventAt,
    last_event_id: p.lastEventId,
    is_guest: p.isGuest,
    pending: null,
    updated_at: at,
  };
  if (expectedVersion === null) {
    const r = await trx
      .insertInto('players')
      .values({ user_id: p.userId, ...values, version: 1, created_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw new ConcurrentChange();
  } else {
    const r = await trx
      .updateTable('players')
      .set({ ...values, version: expectedVersion + 1 })
      .where('user_id', '=', p.userId)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new ConcurrentChange();
  }
  const logged = await (trx as unknown as Transaction<PlayDatabase>)
    .insertInto('choice_log')
    .values({
      id: randomUUID(),
      player_id: p.userId,
      scene_id: w.log.sceneId,
      option_id: w.log.optionId,
      next_scene_id: w.log.nextSceneId,
      stats_after: JSON.stringify(p.stats),
      idempotency_key: key,
      is_guest: p.isGuest,
      event_id: w.log.eventId,
      created_at: at,
      response: JSON.stringify(w.response),
    })
    .onConflict((oc) => oc.columns(['player_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  if (Number(logged.numInsertedOrUpdatedRows ?? 0) === 0) throw new ConcurrentChange();
}
