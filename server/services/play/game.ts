import type { Kysely } from 'kysely';
import type { GameResponse } from '../../../core/api/play.ts';
import { initialStats } from '../../../core/game/stats-config.ts';
import { getPlayScene } from '../../db/repositories/play-content-cache.ts';
import { loadPlayerState, resetPlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { gameLessonDays } from './lesson-days.ts';
import { presentGame } from './present.ts';
import { applyRecovery, findRecovery } from './recovery.ts';
import { startScene } from './where.ts';

/** product rules "Messages" 'No Scenes Found'. */
export const NO_SCENES_MESSAGE = 'No scenes found in the database. Please create a scene first.';

/**
 * The player's game for /game. Creates nothing: a player who never started gets the stats a new
 * game would give (the start scene's stats_config) and no scene.
 */
export async function getGame(db: Kysely<Database>, user: SessionUser): Promise<GameResponse> {
  const player = await loadPlayerState(db, user.id);
  if (player) {
    const scene = player.currentSceneId ? await getPlayScene(db, player.currentSceneId) : null;
    const recovery = await findRecovery(db, player);
    const isEnding = scene?.is_ending === true;
    return {
      player: presentGame({
        ...player,
        currentSceneTitle: scene?.title ?? null,
        isEnding,
        lessonDays: isEnding ? await gameLessonDays(db, user.id, player.choiceCount) : undefined,
      }),
      recovery,
    };
  }
  const start = await startScene(db, { repair: false });
  return {
    player: presentGame({
      currentSceneId: null,
      currentSceneTitle: null,
      stats: initialStats(start?.stats_config ?? null),
      isGuest: user.isAnonymous,
      sceneCount: 0,
      choiceCount: 0,
    }),
  };
}

/**
 * 'Start New Game': clears progress, puts the player on the start scene with stats from its
 * stats_config (zeros plus the config, or the "Limits" rules defaults when it has none). 404 with the spec's
 * message when there are no scenes.
 */
export async function startGame(db: Kysely<Database>, user: SessionUser): Promise<GameResponse> {
  const scene = await startScene(db, { repair: true });
  if (!scene) throw new HttpError(404, NO_SCENES_MESSAGE);
  const player = await resetPlayerState(db, {
    userId: user.id,
    sceneId: scene.id,
    stats: initialStats(scene.stats_config),
    isGuest: user.isAnonymous,
  });
  return {
    player: presentGame({
      ...player,
      currentSceneTitle: scene.title,
      isEnding: scene.is_ending === true,
    }),
  };
}

/**
 * 'Continue Adventure': the saved game, or a new one when there is no saved scene (product rules "Play").
 * When the saved scene was deleted or lost all its options since, the player resumes at the
 * nearest scene that still works ('Saves survive edits'), stats kept.
 */
export async function continueGame(db: Kysely<Database>, user: SessionUser): Promise<GameResponse> {
  const player = await loadPlayerState(db, user.id);
  if (!player?.currentSceneId) return startGame(db, user);
  const recovery = await findRecovery(db, player);
  if (recovery) await applyRecovery(db, player, recovery);
  return getGame(db, user);
}
