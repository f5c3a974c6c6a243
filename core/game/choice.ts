import { type OptionChangeFields, optionStatChanges } from './change-columns.ts';
import { isPendingLink } from './links.ts';
import { checkRequirements, type OptionRequirements } from './requirements.ts';
import { applyStatChanges } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

/** A player's play state as far as a choice is concerned. */
export interface ChoiceState {
  currentSceneId: string | null;
  stats: PlayerStats;
  /** Scenes reached so far (drives advertisements and guest events). */
  sceneCount: number;
  /** Choices made so far (drives signed-in random events). */
  choiceCount: number;
}

/** An option as stored (product rules "Content" 'Option'), legacy `*_change` columns allowed. */
export interface ChoiceOption extends OptionChangeFields, OptionRequirements {
  id: string;
  scenario_id: string;
  next_scenario_id: string | null;
  next_url?: string | null;
}

/** The scene flags that stop a scene taking choices (product rules "Play"). */
export interface SceneFlags {
  is_ending?: boolean | number | null;
  is_end_of_day?: boolean | number | null;
}

/** Why a choice was refused. */
export type ChoiceFailure =
  | 'wrong-scene'
  | 'scene-closed'
  | 'locked'
  | 'external-url'
  | 'no-destination'
  | 'pending';

/** Title and message for each refusal; the spec's words where it has them ("Messages" rules 'Play'). */
export const CHOICE_FAILURE_TEXT: Readonly<
  Record<ChoiceFailure, { title: string; message: string }>
> = Object.freeze({
  'wrong-scene': { title: 'Error', message: 'This option is not part of your current scene' },
  'scene-closed': { title: 'Error', message: 'This scene takes no choices' },
  locked: { title: 'Locked', message: 'This option is locked' },
  'external-url': { title: 'Error', message: 'This option opens an external page' },
  'no-destination': {
    title: 'Navigation Error',
    message: "This option doesn't lead anywhere yet.",
  },
  pending: {
    title: 'Under Construction',
    message: 'This path is still being created. Try another option.',
  },
});

/** The outcome of applyChoice. */
export type ChoiceResult<S extends ChoiceState = ChoiceState> =
  | { ok: true; state: S }
  | { ok: false; reason: ChoiceFailure; message: string };

const truthy = (v: boolean | number | null | undefined) => v === true || v === 1;
const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/**
 * False for ending scenes, which show no options. product rules "Play" also lists end-of-day scenes, but then
 * nothing could lead from one day to the next; our decision (docs/decisions.md, content/README.md): an
 * end-of-day scene shows only its options, presented as continuing to the next day.
 */
export function sceneTakesChoices(scene: SceneFlags): boolean {
  return !truthy(scene.is_ending);
}

function fail(reason: ChoiceFailure, message = CHOICE_FAILURE_TEXT[reason].message) {
  return { ok: false as const, reason, message };
}

/**
 * The decision part of a step (core/game/step.ts takes the whole step). Checks, in order: the
 * option belongs to the current scene; the scene takes choices (`currentScene` flags, when
 * given); requirements are met ('locked', message = the reason); the option is not an external
 * URL (those open in a new tab and change nothing); it has a next scene; that scene is not
 * pending. Then applies the option's stat changes (default 5-gold cost included), moves to the
 * option's target and counts one scene and one choice. A retried request is the server's
 * business (its idempotency key is checked in the choice transaction).
 */
export function applyChoice<S extends ChoiceState>(
  state: S,
  option: ChoiceOption,
  currentScene?: SceneFlags,
): ChoiceResult<S> {
  if (state.currentSceneId === null || option.scenario_id !== state.currentSceneId) {
    return fail('wrong-scene');
  }
  if (currentScene && !sceneTakesChoices(currentScene)) return fail('scene-closed');
  const check = checkRequirements(state.stats, option);
  if (check.locked) return fail('locked', check.reason ?? CHOICE_FAILURE_TEXT.locked.message);
  if (!blank(option.next_url)) return fail('external-url');
  const target = option.next_scenario_id;
  if (target === null || blank(target)) return fail('no-destination');
  if (isPendingLink(target)) return fail('pending');
  return {
    ok: true,
    state: {
      ...state,
      currentSceneId: target,
      stats: applyStatChanges(state.stats, optionStatChanges(option)),
      sceneCount: state.sceneCount + 1,
      choiceCount: state.choiceCount + 1,
    },
  };
}
