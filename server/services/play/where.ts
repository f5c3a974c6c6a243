import type { Kysely } from 'kysely';
import { pickFallbackScene, pickStartScene } from '../../../core/game/start-scene.ts';
import { pending } from '../../db/repositories/content-cache.ts';
import {
  getPlayScene,
  listStartCandidates,
  type PlaySceneRow,
  repairStartScene,
} from '../../db/repositories/play-content-cache.ts';
import type { PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';

/**
 * The scene a new game starts on (core pickStartScene: flagged, else intro/INTRO/start, else the
 * first). With `repair`, a first scene picked for want of anything better is saved as the start
 * scene and given the default option when it has none (product rules "Play"). Null when there are no scenes.
 */
export async function startScene(
  db: Kysely<Database>,
  options: { repair: boolean },
): Promise<PlaySceneRow | null> {
  const pick = pickStartScene(await listStartCandidates(db));
  if (!pick) return null;
  if (options.repair && (pick.markAsStart || pick.defaultOption)) {
    await repairStartScene(db, pick.scene.id, pick.defaultOption);
  }
  return getPlayScene(db, pick.scene.id);
}

/** Where a player whose scene is missing goes (core pickFallbackScene); null: no scenes at all. */
export async function fallbackSceneId(db: Kysely<Database>): Promise<string | null> {
  return pickFallbackScene(await listStartCandidates(db))?.id ?? null;
}

/**
 * The scene whose options a player may choose: their saved scene; the fallback scene when the
 * saved one was deleted (the browser was sent there with 'Scene Not Found'); the start scene when
 * they never started. Null when there are no scenes.
 */
export function effectiveScene(
  db: Kysely<Database>,
  player: PlayerState | null,
): PlaySceneRow | null | Promise<PlaySceneRow | null> {
  if (!player?.currentSceneId) return startScene(db, { repair: false });
  // The saved scene from the cache: no promise (a choice's hot path).
  const saved = getPlayScene(db, player.currentSceneId);
  if (pending(saved)) return saved.then((scene) => scene ?? fallbackScene(db));
  return saved ?? fallbackScene(db);
}

/** The fallback scene's row (core pickFallbackScene); null: no scenes at all. */
async function fallbackScene(db: Kysely<Database>): Promise<PlaySceneRow | null> {
  const fallback = await fallbackSceneId(db);
  return fallback ? getPlayScene(db, fallback) : null;
}
