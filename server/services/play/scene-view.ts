import type { Kysely } from 'kysely';
import type { NextInterruption, PlayOption, PlayScene } from '../../../core/api/play.ts';
import { sceneTakesChoices } from '../../../core/game/choice.ts';
import { isPendingLink } from '../../../core/game/links.ts';
import { checkRequirements } from '../../../core/game/requirements.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import { hasUsableStatsConfig, initialStats } from '../../../core/game/stats-config.ts';
import { pending } from '../../db/repositories/content-cache.ts';
import {
  getPlayScene,
  getSceneTitle,
  listPlayOptions,
  type PlayOptionRow,
  type PlaySceneRow,
} from '../../db/repositories/play-content-cache.ts';
import { loadPlayerState, type PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { type EventDeps, processEventDeps } from './event-draw.ts';
import { readNextInterruption } from './interruption.ts';
import { effectiveScene, fallbackSceneId } from './where.ts';

/**
 * An option as players see it (the stored row in the API's words), locked against `stats`; null
 * when it needs a story flag the player lacks (not offered: core checkRequirements `hidden`).
 */
function presentOption(o: PlayOptionRow, stats: PlayerStats): PlayOption | null {
  const check = checkRequirements(stats, o);
  if (check.hidden) return null;
  const next = o.next_scenario_id?.trim() ? o.next_scenario_id : null;
  return {
    id: o.id,
    text: o.text,
    nextSceneId: next,
    nextUrl: o.next_url?.trim() ? o.next_url : null,
    isPending: isPendingLink(next),
    locked: check.locked,
    lockedReason: check.reason,
    buttonIcon: o.button_icon,
  };
}

/** Whether choices on `scene` would be accepted for this player. */
async function isCurrent(
  db: Kysely<Database>,
  scene: PlaySceneRow,
  player: PlayerState | null,
): Promise<boolean> {
  if (player?.currentSceneId === scene.id) return true;
  // The saved scene still exists: this is some other scene (a prefetch or an old link).
  if (player?.currentSceneId && (await getSceneTitle(db, player.currentSceneId)) !== null) {
    return false;
  }
  return (await effectiveScene(db, player))?.id === scene.id;
}

/**
 * A scene as players see it, from the cached scene and options: options locked against `stats`,
 * none on scenes that take no choices. No database statement once the content is cached.
 * `interruption`: on the player's current scene, what the choice made there puts first (none
 * elsewhere and on scenes that take no choices).
 */
export async function presentScene(
  db: Kysely<Database>,
  scene: PlaySceneRow,
  stats: PlayerStats,
  current: boolean,
  interruption: NextInterruption = null,
): Promise<PlayScene> {
  const takesChoices = sceneTakesChoices(scene);
  const listed = takesChoices ? listPlayOptions(db, scene.id) : [];
  const options = pending(listed) ? await listed : listed;
  const next = current && takesChoices ? interruption : null;
  return {
    id: scene.id,
    title: scene.title,
    subtitle: scene.subtitle,
    description: scene.description,
    imageUrl: scene.image_url,
    hasHtml: scene.has_html,
    day: scene.day,
    isEnding: scene.is_ending,
    isEndOfDay: scene.is_end_of_day,
    hasStatsConfig: hasUsableStatsConfig(scene.stats_config),
    takesChoices,
    options: options.flatMap((o) => presentOption(o, stats) ?? []),
    isCurrent: current,
    choiceMayInterrupt: next !== null,
    nextInterruption: next,
  };
}

/** A scene as this player sees it (their stats, or a new game's when they never started). */
async function sceneFor(
  db: Kysely<Database>,
  user: SessionUser,
  scene: PlaySceneRow,
  player: PlayerState | null,
  deps: EventDeps,
): Promise<PlayScene> {
  const stats = player?.stats ?? initialStats(scene.stats_config);
  const current = await isCurrent(db, scene, player);
  const next = current
    ? await readNextInterruption(db, user.isAnonymous, user.id, player, deps)
    : null;
  return presentScene(db, scene, stats, current, next);
}

/** The answer of GET /api/play/scenes/:id: the scene, or where to go instead. */
export type SceneRead =
  | { found: true; scene: PlayScene }
  | { found: false; fallbackSceneId: string | null };

/**
 * A scene as this player sees it: no admin-only fields, options locked against the player's
 * current stats (or a new game's, when they never started), none on scenes that take no choices.
 * Reading changes nothing; only choices move players.
 */
export async function readScene(
  db: Kysely<Database>,
  user: SessionUser,
  id: string,
  deps: EventDeps = processEventDeps,
): Promise<SceneRead> {
  const [scene, player] = await Promise.all([getPlayScene(db, id), loadPlayerState(db, user.id)]);
  if (!scene) return { found: false, fallbackSceneId: await fallbackSceneId(db) };
  return { found: true, scene: await sceneFor(db, user, scene, player, deps) };
}

/**
 * Several scenes at once, each exactly as readScene shows it (GET /api/play/scenes?ids=): the
 * scenes the options on screen lead to, prefetched in one request. One read of the player's row;
 * scenes and options come from the content cache. Ids that name no scene are listed in `missing`.
 */
export async function readScenes(
  db: Kysely<Database>,
  user: SessionUser,
  ids: readonly string[],
  deps: EventDeps = processEventDeps,
): Promise<{ scenes: PlayScene[]; missing: string[] }> {
  const unique = [...new Set(ids)];
  const [rows, player] = await Promise.all([
    Promise.all(unique.map((id) => getPlayScene(db, id))),
    loadPlayerState(db, user.id),
  ]);
  const scenes: PlayScene[] = [];
  const missing: string[] = [];
  for (const [i, row] of rows.entries()) {
    if (row) scenes.push(await sceneFor(db, user, row, player, deps));
    else missing.push(unique[i]!);
  }
  return { scenes, missing };
}
