import type { Kysely } from 'kysely';
import type { GameRecovery } from '../../../core/api/play.ts';
import {
  findSceneTitle,
  listRecentSteps,
  listWorkingScenes,
  movePlayerTo,
} from '../../db/repositories/play-recovery.ts';
import type { PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import { fallbackSceneId } from './where.ts';

/** How far back the player's own path is searched for a scene that still works. */
const PATH_LOOKBACK = 50;

/**
 * 'Saves survive edits': null when the saved scene is fine; otherwise why it is not and
 * the nearest scene to resume at — walking back the player's own choices (newest first) to the
 * last scene that still exists and can be played, else the start scene.
 */
export async function findRecovery(
  db: Kysely<Database>,
  player: PlayerState,
): Promise<GameRecovery | null> {
  const current = player.currentSceneId;
  if (!current) return null;
  const here = (await findSceneTitle(db, current)) !== null;
  if (here && (await listWorkingScenes(db, [current])).has(current)) return null;
  const reason = here ? 'scene-changed' : 'scene-removed';

  const path = await listRecentSteps(db, player.userId, PATH_LOOKBACK);
  const candidates: string[] = [];
  for (const step of path) {
    for (const id of [step.nextSceneId, step.sceneId]) {
      if (id && id !== current && !candidates.includes(id)) candidates.push(id);
    }
  }
  const working = await listWorkingScenes(db, candidates);
  const nearest = candidates.find((id) => working.has(id));
  if (nearest) return { reason, sceneId: nearest, sceneTitle: working.get(nearest) as string };

  const fallback = await fallbackSceneId(db);
  if (!fallback || fallback === current) return null;
  const title = await findSceneTitle(db, fallback);
  return title !== null ? { reason, sceneId: fallback, sceneTitle: title } : null;
}

/** Moves the player to the recovery scene, keeping stats and counters. */
export async function applyRecovery(
  db: Kysely<Database>,
  player: PlayerState,
  recovery: GameRecovery,
): Promise<void> {
  await movePlayerTo(db, player, recovery.sceneId);
}
