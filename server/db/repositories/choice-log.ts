import type { Kysely } from 'kysely';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import type { Database } from '../schema/database.ts';
import { bool, json, now, timeOrderedUuid } from './values.ts';

export interface ChoiceLogEntry {
  playerId: string;
  sceneId: string;
  optionId: string;
  nextSceneId: string | null;
  statsAfter: PlayerStats;
  idempotencyKey: string;
  isGuest: boolean;
  eventId: string | null;
}

/**
 * Records an applied choice. Returns false when this player already used the idempotency key
 * (the unique key refuses the second row), so a retried choice is logged once.
 */
export async function logChoice(db: Kysely<Database>, e: ChoiceLogEntry): Promise<boolean> {
  const r = await db
    .insertInto('choice_log')
    .values({
      id: timeOrderedUuid(),
      player_id: e.playerId,
      scene_id: e.sceneId,
      option_id: e.optionId,
      next_scene_id: e.nextSceneId,
      stats_after: JSON.stringify(e.statsAfter),
      idempotency_key: e.idempotencyKey,
      is_guest: e.isGuest,
      event_id: e.eventId,
      created_at: now(),
    })
    .onConflict((oc) => oc.columns(['player_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A player's choices, oldest first (the per-scene snapshots of product rules "Content"). */
export async function listChoices(
  db: Kysely<Database>,
  playerId: string,
): Promise<ChoiceLogEntry[]> {
  const rows = await db
    .selectFrom('choice_log')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    sceneId: r.scene_id,
    optionId: r.option_id,
    nextSceneId: r.next_scene_id,
    statsAfter: json<PlayerStats>(r.stats_after, { inventory: [] } as unknown as PlayerStats),
    idempotencyKey: r.idempotency_key,
    isGuest: bool(r.is_guest),
    eventId: r.event_id,
  }));
}

/**
 * The events the player's current game has shown: the event ids of their last `choiceCount`
 * logged choices (a new game starts the counter at 0, so older games are left out).
 */
export async function listGameEventIds(
  db: Kysely<Database>,
  playerId: string,
  choiceCount: number,
): Promise<string[]> {
  if (!(choiceCount > 0)) return [];
  const rows = await db
    .selectFrom('choice_log')
    .select('event_id')
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(choiceCount)
    .execute();
  return rows.map((r) => r.event_id).filter((id): id is string => id !== null);
}
