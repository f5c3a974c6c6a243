import type { Kysely } from 'kysely';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import type { Database } from '../schema/database.ts';
import { bool, json, now, toJson } from './values.ts';

export interface Player {
  userId: string;
  currentSceneId: string | null;
  stats: PlayerStats;
  choiceCount: number;
  sceneCount: number;
  lastEventAt: string | null;
  isGuest: boolean;
  pending: unknown;
  version: number;
}

/** A player's progress, or null for a player who never started. */
export async function getPlayer(db: Kysely<Database>, userId: string): Promise<Player | null> {
  const r = await db
    .selectFrom('players')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    userId: r.user_id,
    currentSceneId: r.current_scene_id,
    stats: json<PlayerStats>(r.stats, { inventory: [] } as unknown as PlayerStats),
    choiceCount: r.choice_count,
    sceneCount: r.scene_count,
    lastEventAt: r.last_event_at,
    isGuest: bool(r.is_guest),
    pending: json<unknown>(r.pending, null),
    version: r.version,
  };
}

/**
 * Writes a player's progress. A new player is inserted at version 1; an existing one is updated only
 * when its stored version is `expectedVersion` (optimistic lock) — false means someone else won.
 */
export async function savePlayer(
  db: Kysely<Database>,
  p: Omit<Player, 'version'>,
  expectedVersion: number | null,
): Promise<boolean> {
  const at = now();
  const values = {
    current_scene_id: p.currentSceneId,
    stats: JSON.stringify(p.stats),
    choice_count: p.choiceCount,
    scene_count: p.sceneCount,
    last_event_at: p.lastEventAt,
    is_guest: p.isGuest,
    pending: toJson(p.pending),
    updated_at: at,
  };
  if (expectedVersion === null) {
    const r = await db
      .insertInto('players')
      .values({ user_id: p.userId, ...values, version: 1, created_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const r = await db
    .updateTable('players')
    .set({ ...values, version: expectedVersion + 1 })
    .where('user_id', '=', p.userId)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
