import type { ChangeColumn } from '../../core/game/change-columns.ts';
import { applyChoice, type ChoiceState } from '../../core/game/choice.ts';
import { isPendingLink } from '../../core/game/links.ts';
import { arrivalStats } from '../../core/game/payday.ts';
import {
  applyEventChanges,
  decideGuestEvent,
  type ScheduledEvent,
  signedInEventAt,
} from '../../core/game/random-event.ts';
import { budgetNeeded, checkRequirements } from '../../core/game/requirements.ts';
import { type PlayerStats, STAT_KEYS, type StatKey } from '../../core/game/stats.types.ts';
import { initialStats, rebuildStats } from '../../core/game/stats-config.ts';
import { START_ID } from './checks.ts';
import type { StoryOption, StoryScene } from './types.ts';

/**
 * Which random events a play-through meets: none; the admin-authored events of
 * content/random-events.json on the signed-in counter; or the fixed guest event of product rules "Limits".
 */
export type EventMode = 'none' | 'signed-in' | 'guest';

/** How one play-through stopped. */
export type Outcome = 'ending' | 'step-cap' | 'stuck' | 'refused';

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
  random: () => number;
  maxSteps: number;
}

/** Time a reader spends on a scene; longer than the guest rule's 5 s gap between events. */
const STEP_MS = 20_000;

/** The options of a scene a player can pick: requirements met, a real scene to go to. */
export function openOptions(scene: StoryScene, stats: PlayerStats): StoryOption[] {
  return scene.options.filter(
    (o) =>
      !!o.next_scenario_id &&
      !isPendingLink(o.next_scenario_id) &&
      !checkRequirements(stats, o).locked,
  );
}

/** When and which event a player saw last (guests never meet the same event twice in a row). */
interface LastEvent {
  at: number | null;
  id: string | null;
  /** Events this game has shown (none shows twice in a game). */
  seen: string[];
}

/**
 * The event after a choice, as the server decides it (server/services/play/choice.ts): signed-in
 * players meet the content's events on the choice counter; guests meet the active events with
 * the guest timing; never one this game has shown, never right after an event or an ad scene (the fixed guest event only when none is active).
 */
function withEvent(state: ChoiceState, opts: PlayOptions, last: LastEvent, now: number) {
  if (opts.mode === 'signed-in') {
    const event = signedInEventAt(state, opts.events);
    const stats = event ? applyEventChanges(state.stats, event) : state.stats;
    return {
      stats,
      last: event ? { at: now, id: event.id, seen: [...last.seen, event.id] } : last,
    };
  }
  if (opts.mode === 'guest') {
    const d = decideGuestEvent({
      sceneCount: state.sceneCount,
      lastEventAt: last.at,
      lastEventId: last.id,
      now,
      random: opts.random,
      events: opts.events,
      seenIds: last.seen,
    });
    if (d.triggered) {
      const seen = [...last.seen, d.event.id];
      return {
        stats: applyEventChanges(state.stats, d.event),
        last: { at: now, id: d.event.id, seen },
      };
    }
    if (d.reason === 'repeat') return { stats: state.stats, last: { ...last, id: null } };
  }
  return { stats: state.stats, last };
}

/**
 * Plays the story once from intro with the real core rules: stats from intro's stats_config,
 * each choice through applyChoice (requirements, stat changes, default 5-gold cost), then a
 * random event per `mode`, then the next scene's stats_config checkpoint (rebuildStats).
 * End-of-day scenes take their options (see content/README.md); endings stop the run.
 */
export function playThrough(
  scenes: ReadonlyMap<string, StoryScene>,
  pick: Picker,
  opts: PlayOptions,
): PlayResult {
  const intro = scenes.get(START_ID);
  if (!intro) throw new Error(`no '${START_ID}' scene`);
  let state: ChoiceState = {
    currentSceneId: START_ID,
    stats: initialStats(intro.stats_config),
    appliedKeys: [],
    sceneCount: 1,
    choiceCount: 0,
  };
  let last: LastEvent = { at: null, id: null, seen: [] };
  const peaks = Object.fromEntries(STAT_KEYS.map((k) => [k, state.stats[k]])) as Record<
    StatKey,
    number
  >;
  let budgetLocks = 0;
  for (let steps = 0; ; steps++) {
    for (const k of STAT_KEYS) peaks[k] = Math.max(peaks[k], state.stats[k]);
    const sceneId = state.currentSceneId ?? '';
    const scene = scenes.get(sceneId);
    const stop = (outcome: Outcome, detail?: string): PlayResult => ({
      outcome,
      sceneId,
      steps,
      stats: state.stats,
      peaks: { ...peaks },
      budgetLocks,
      ...(detail ? { detail } : {}),
    });
    if (!scene) return stop('refused', `scene '${sceneId}' does not exist`);
    if (scene.is_ending) return stop('ending');
    if (steps >= opts.maxSteps) return stop('step-cap');
    const open = openOptions(scene, state.stats);
    budgetLocks += scene.options.filter((o) => budgetNeeded(o) > state.stats.gold).length;
    if (open.length === 0) return stop('stuck', 'no option is open');
    const option = pick(open, { scene, stats: state.stats });
    const result = applyChoice(
      { ...state, appliedKeys: [] },
      { ...option, scenario_id: scene.id, next_scenario_id: option.next_scenario_id ?? null },
      `step-${steps}`,
      // Endings take no choices; end-of-day scenes do (the story's day rule).
      { is_ending: scene.is_ending },
    );
    if (!result.ok) return stop('refused', `${option.id}: ${result.message}`);
    const now = (steps + 1) * STEP_MS;
    const after = withEvent(result.state, opts, last, now);
    last = after.last;
    const next = scenes.get(result.state.currentSceneId ?? '');
    const arrived = rebuildStats(next?.stats_config, after.stats);
    state = { ...result.state, stats: next ? arrivalStats(arrived, next) : arrived };
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
