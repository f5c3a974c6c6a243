import type { Kysely } from 'kysely';
import type { GameRecovery } from '../../../core/api/play.ts';
import type { PlayerState } from '../../db/repositories/play-state.ts';
import { bool, now } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';
import { fallbackSceneId } from './where.ts';

/** How far back the player's own path is searched for a scene that still works. */
const PATH_LOOKBACK = 50;

/** A scene a player can stand on: it exists and is an ending or has at least one option. */
async function workingScenes(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
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
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.filter((r) => bool(r.is_ending) || Number(r.options) > 0).map((r) => [r.id, r.title]),
  );
}

/**
 * Issue 8 'Saves survive edits': null when the saved scene is fine; otherwise why it is not and
 * the nearest scene to resume at — walking back the player's own choices (newest first) to the
 * last scene that still exists and can be played, else the start scene.
 */
export async function findRecovery(
  db: Kysely<Database>,
  player: PlayerState,
): Promise<GameRecovery | null> {
  const current = player.currentSceneId;
  if (!current) return null;
  const here = await db
    .selectFrom('scenarios')
    .select(['id'])
    .where('id', '=', current)
    .executeTakeFirst();
  if (here && (await workingScenes(db, [current])).has(current)) return null;
  const reason = here ? 'scene-changed' : 'scene-removed';

  const path = await db
    .selectFrom('choice_log')
    .select(['scene_id', 'next_scene_id'])
    .where('player_id', '=', player.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PATH_LOOKBACK)
    .execute();
  const candidates: string[] = [];
  for (const step of path) {
    for (const id of [step.next_scene_id, step.scene_id]) {
      if (id && id !== current && !candidates.includes(id)) candidates.push(id);
    }
  }
  const working = await workingScenes(db, candidates);
  const nearest = candidates.find((id) => working.has(id));
  if (nearest) return { reason, sceneId: nearest, sceneTitle: working.get(nearest) as string };

  const fallback = await fallbackSceneId(db);
  if (!fallback || fallback === current) return null;
  const title = await db
    .selectFrom('scenarios')
    .select('title')
    .where('id', '=', fallback)
    .executeTakeFirst();
  return title ? { reason, sceneId: fallback, sceneTitle: title.title } : null;
}

/** Moves the player to the recovery scene, keeping stats and counters; drops a held interlude. */
export async function applyRecovery(
  db: Kysely<Database>,
  player: PlayerState,
  recovery: GameRecovery,
): Promise<void> {
  await db
    .updateTable('players')
    .set({ current_scene_id: recovery.sceneId, pending: null, updated_at: now() })
    .where('user_id', '=', player.userId)
    .where('version', '=', player.version)
    .execute();
}
