import type { StatChanges } from './stats.types.ts';

/** What the start-scene rules need to know of a scene. */
export interface SceneRef {
  id: string;
  /** Boolean, or 0/1 as SQLite returns it. */
  is_start?: boolean | number | null;
}

/** A scene for pickStartScene: `optionCount` tells whether it needs the default option. */
export interface StartCandidate extends SceneRef {
  optionCount?: number;
}

/** The option given to a start scene that has none (product rules "Play" 'Start scene'). */
export interface DefaultStartOption {
  text: string;
  next_scenario_id: string;
  stats_changes: StatChanges;
  budget_change: number;
  knowledge_change: number;
}

/** 'Continue your adventure' → 'pending-next-scene', budget -10, knowledge +5 (product rules "Play"). */
export const DEFAULT_START_OPTION: Readonly<DefaultStartOption> = Object.freeze({
  text: 'Continue your adventure',
  next_scenario_id: 'pending-next-scene',
  stats_changes: Object.freeze({ gold: -10, intelligence: 5 }),
  budget_change: -10,
  knowledge_change: 5,
});

/** Scene ids tried, in order, when no scene is flagged as the start (product rules "Play"). */
export const START_SCENE_IDS = ['intro', 'INTRO', 'start'] as const;

/** The server's start scene and the repairs to make when it had to fall back to the first scene. */
export interface StartScenePick<T> {
  scene: T;
  /** True when the scene must be saved with is_start = true. */
  markAsStart: boolean;
  /** The option to insert because the scene has none, else null. */
  defaultOption: DefaultStartOption | null;
}

function isFlagged(scene: SceneRef): boolean {
  return scene.is_start === true || scene.is_start === 1;
}

function byIds<T extends SceneRef>(scenes: readonly T[], ids: readonly string[]): T | undefined {
  for (const id of ids) {
    const hit = scenes.find((s) => s.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The server's start scene (product rules "Play"): the one flagged is_start; else 'intro', 'INTRO', 'start';
 * else the first scene (in the order given, e.g. oldest first), which must then be marked as start
 * and, when `optionCount` is 0, given DEFAULT_START_OPTION. Null when there are no scenes.
 */
export function pickStartScene<T extends StartCandidate>(
  scenes: readonly T[],
): StartScenePick<T> | null {
  const chosen = scenes.find(isFlagged) ?? byIds(scenes, START_SCENE_IDS);
  if (chosen) return { scene: chosen, markAsStart: false, defaultOption: null };
  const first = scenes[0];
  if (!first) return null;
  const defaultOption =
    first.optionCount === 0
      ? { ...DEFAULT_START_OPTION, stats_changes: { ...DEFAULT_START_OPTION.stats_changes } }
      : null;
  return { scene: first, markAsStart: true, defaultOption };
}

/**
 * The browser's initial scene (product rules "Play" 'Client-side initial scene rule'): id 'intro' in any case,
 * else 'start', else the flagged one, else the first. Null when there are no scenes.
 */
export function pickInitialSceneId(scenes: readonly SceneRef[]): string | null {
  const scene =
    scenes.find((s) => s.id.toLowerCase() === 'intro') ??
    scenes.find((s) => s.id === 'start') ??
    scenes.find(isFlagged) ??
    scenes[0];
  return scene?.id ?? null;
}

/**
 * Where to send a player whose scene is missing (product rules "Play"): 'intro', 'INTRO', 'start', else the
 * first scene; null when there are no scenes (the caller goes to /).
 */
export function pickFallbackScene<T extends SceneRef>(scenes: readonly T[]): T | null {
  return byIds(scenes, START_SCENE_IDS) ?? scenes[0] ?? null;
}
