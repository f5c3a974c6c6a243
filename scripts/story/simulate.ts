import type { ChangeColumn } from '../../core/game/change-columns.ts';
import { isPendingLink } from '../../core/game/links.ts';
import type { ScheduledEvent } from '../../core/game/random-event.ts';
import { budgetNeeded, checkRequirements } from '../../core/game/requirements.ts';
import { type PlayerStats, STAT_KEYS, type StatKey } from '../../core/game/stats.types.ts';
import { initialStats } from '../../core/game/stats-config.ts';
import { type Game, takeStep } from '../../core/game/step.ts';
import { START_ID } from './checks.ts';
import type { StoryOption, StoryScene } from './types.ts';

/**
 * Which random events a play-through meets: none; the admin-authored events of
 * content/random-events.json on the signed-in counter; or the fixed guest event of product rules "Limits".
 */
export type EventMode = 'none' | 'signed-in' | 'guest';

/** How one play-through stopped. */
type Outcome = 'ending' | 'step-cap' | 'stuck' | 'refused';

/** The end of one play-through. */
export interface PlayResult {
  outcome: Outcome;
  /** The ending reached, or the scene where the run stopped. */
  sceneId: string;
  steps: number;
  stats: PlayerStats;
  /** The highest value each stat had at any point of the run (events and checkpoints included). */
  peaks: Record<StatKey, number>;
  /** Options the player could not take because they cost more than the budget, counted per scene visit. */
  budgetLocks: number;
  /** Random events and advertisements met on the way. */
  events: number;
  advertisements: number;
  /** Why a choice was refused or no option was open. */
  detail?: string;
}

/** Picks one of the options a player can choose right now (the scene and stats, for tracing). */
export type Picker = (
  open: readonly StoryOption[],
  at: { scene: StoryScene; stats: PlayerStats },
) => StoryOption;

/** What the simulation needs of a random event: its schedule and its stat changes. */
export type SimEvent = ScheduledEvent & { id: string } & Partial<Record<ChangeColumn, unknown>>;

/** Settings of a play-through. */
export interface PlayOptions {
  mode: EventMode;
  events: readonly SimEvent[];
  /** The active advertisements (content/advertisements.json); none when left out. */
  ads?: readonly unknown[];
  random: () => number;
  maxSteps: number;
}

/** Time a reader spends on a scene; longer than the guest rule's 5 s gap between events. */
const STEP_MS = 20_000;

/** The options of a scene a player can pick: requirements met, a real scene to go to. */
function openOptions(scene: StoryScene, stats: PlayerStats): StoryOption[] {
  return scene.options.filter(
    (o) =>
      !!o.next_scenario_id &&
      !isPendingLink(o.next_scenario_id) &&
      !checkRequirements(stats, o).locked,
  );
}

/**
 * Plays the story once from intro with the real core rules: stats from intro's stats_config,
 * then each decision through core's takeStep, as the server takes it (requirements, stat changes,
 * default 5-gold cost, the random event per `mode` or an advertisement, the next scene's
 * stats_config checkpoint). End-of-day scenes take their options (see content/README.md);
 * endings stop the run.
 */
export function playThrough(
  scenes: ReadonlyMap<string, StoryScene>,
  pick: Picker,
  opts: PlayOptions,
): PlayResult {
  const intro = scenes.get(START_ID);
  if (!intro) throw new Error(`no '${START_ID}' scene`);
  let game: Game = {
    currentSceneId: START_ID,
    stats: initialStats(intro.stats_config),
    sceneCount: 1,
    choiceCount: 0,
    lastEventAt: null,
    lastEventId: null,
    isGuest: opts.mode === 'guest',
  };
  const content = { events: opts.mode === 'none' ? [] : opts.events, ads: opts.ads ?? [] };
  const met = { events: 0, advertisements: 0 };
  const peaks = Object.fromEntries(STAT_KEYS.map((k) => [k, game.stats[k]])) as Record<
    StatKey,
    number
  >;
  let budgetLocks = 0;
  for (let steps = 0; ; steps++) {
    for (const k of STAT_KEYS) peaks[k] = Math.max(peaks[k], game.stats[k]);
    const sceneId = game.currentSceneId ?? '';
    const scene = scenes.get(sceneId);
    const stop = (outcome: Outcome, detail?: string): PlayResult => ({
      outcome,
      sceneId,
      steps,
      stats: game.stats,
      peaks: { ...peaks },
      budgetLocks,
      ...met,
      ...(detail ? { detail } : {}),
    });
    if (!scene) return stop('refused', `scene '${sceneId}' does not exist`);
    if (scene.is_ending) return stop('ending');
    if (steps >= opts.maxSteps) return stop('step-cap');
    const open = openOptions(scene, game.stats);
    budgetLocks += scene.options.filter((o) => budgetNeeded(o) > game.stats.gold).length;
    if (open.length === 0) return stop('stuck', 'no option is open');
    const option = pick(open, { scene, stats: game.stats });
    const target = option.next_scenario_id ?? null;
    const step = takeStep(
      game,
      // Endings take no decisions; end-of-day scenes do (the story's day rule).
      { is_ending: scene.is_ending },
      { ...option, scenario_id: scene.id, next_scenario_id: target },
      (target && scenes.get(target)) || null,
      content,
      { now: (steps + 1) * STEP_MS, random: opts.random },
    );
    if (!step.ok) return stop('refused', `${option.id}: ${step.message}`);
    if (step.event) met.events++;
    if (step.advertisement) met.advertisements++;
    game = step.game;
  }
}

/** A picker choosing uniformly among the open options. */
export function uniformPicker(random: () => number): Picker {
  return (open) => open[Math.floor(random() * open.length)]!;
}

/** A picker that always takes the first open option. */
export const firstPicker: Picker = (open) => open[0]!;

/** A picker that always takes the last open option. */
export const lastPicker: Picker = (open) => open[open.length - 1]!;
