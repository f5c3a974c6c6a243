import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { PlayerState } from './play-state.ts';
import { bool, now } from './values.ts';

/*
 * The reads and the write of a saved game's recovery (services/play/recovery.ts) when its scene
 * was deleted or lost its options. Read straight from the tables, not the content cache: a
 * recovery follows an edit.
 */

/** Of `ids`, the scenes a player can stand on (they exist and end the story or have an option), with their titles. */
export async function listWorkingScenes(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('scenarios')
    .select(['id', 'title', 'is_ending'])
    .select((eb) =>
      eb
        .selectFrom('scenario_choices')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('scenario_choices.scenario_id', '=', 'scenarios.id')
        .as('options'),
    )
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.filter((r) => bool(r.is_ending) || Number(r.options) > 0).map((r) => [r.id, r.title]),
  );
}

/** A scene's title, or null when it does not exist. */
export async function findSceneTitle(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('scenarios')
    .select('title')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.title : null;
}

/**
 * A player's last `limit` choices, newest first: the scene, the option taken and where it led.
 * Also the decisions of the current game, with `limit` its `choiceCount` (a new game starts the
 * counter at 0): the recap's days read them (server/services/play/lesson-days.ts).
 */
export async function listRecentSteps(
  db: Kysely<Database>,
  playerId: string,
  limit: number,
): Promise<{ sceneId: string; optionId: string; nextSceneId: string | null }[]> {
  if (!(limit > 0)) return [];
  const rows = await db
    .selectFrom('choice_log')
    .select(['scene_id', 'option_id', 'next_scene_id'])
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    sceneId: r.scene_id,
    optionId: r.option_id,
    nextSceneId: r.next_scene_id,
  }));
}

/**
 * Moves the player to `sceneId`, stats and counters kept, if their game is still the one read. The
 * version moves on, as a choice's write does: a choice decided on the old scene (another server's
 * remembered row) then loses its version guard and is decided again on this one.
 */
export async function movePlayerTo(
  db: Kysely<Database>,
  player: PlayerState,
  sceneId: string,
): Promise<void> {
  await db
    .updateTable('players')
    .set({ current_scene_id: sceneId, updated_at: now(), version: sql`version + 1` })
    .where('user_id', '=', player.userId)
    .where('version', '=', player.version)
    .execute();
}
