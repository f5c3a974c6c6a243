import type { ChoiceApplied, PlayOption, PlayScene } from '../../../../core/api/play.ts';
import { isPendingLink } from '../../../../core/game/links.ts';

/*
 * The choice flow as a small state machine, pure (no React, no cache, no router): what a click
 * does, what a decision's answer or refusal does, and the flow's state between them. The hook
 * (web/features/play/hooks/use-choice-flow.ts) carries out what these return.
 */

/** What a decision puts before its next scene: the answer's `show`, or what the scene announced. */
export type FirstScreen = ChoiceApplied['show'];

/** The flow's state on one scene screen. */
export interface ChoiceFlowState {
  /** The decision under way: the scene it leads to, and the screen painted ahead of its answer. */
  committing: { nextId: string; painted: FirstScreen | null } | null;
  /** The 'Navigation Error' modal's message, or null when it is closed. */
  error: string | null;
}

export type ChoiceFlowEvent =
  /** A decision was sent; `painted` is what was painted ahead of the answer (null: nothing). */
  | { type: 'sent'; nextId: string; painted: FirstScreen | null }
  /** The decision's answer (or refusal) has been handled. */
  | { type: 'settled' }
  /** A message for the 'Navigation Error' modal. */
  | { type: 'refused'; message: string }
  | { type: 'error-closed' };

export const initialChoiceFlow: ChoiceFlowState = { committing: null, error: null };

export function choiceFlowReducer(state: ChoiceFlowState, event: ChoiceFlowEvent): ChoiceFlowState {
  switch (event.type) {
    case 'sent':
      return { ...state, committing: { nextId: event.nextId, painted: event.painted } };
    case 'settled':
      return state.committing ? { ...state, committing: null } : state;
    case 'refused':
      return { ...state, error: event.message };
    case 'error-closed':
      return state.error === null ? state : { ...state, error: null };
  }
}

/** The scene painted ahead of its decision's answer (its locks may still change), or null. */
export function paintedSceneOf(state: ChoiceFlowState): string | null {
  return state.committing?.painted ? state.committing.nextId : null;
}

/** What a click on an option does before anything is sent (product rules "Play" 'Option click'). */
export type ClickPlan =
  | { kind: 'under-construction' }
  | { kind: 'no-destination' }
  | { kind: 'ignore' }
  | { kind: 'locked'; reason: string | null }
  | { kind: 'send'; option: PlayOption; nextId: string };

/**
 * Pending links say 'Under Construction' without asking the server; an option leading nowhere
 * opens 'Navigation Error'; a locked option does nothing. `afterPrevious` is the scene as the
 * previous decision's answer left it, when this click waited for that answer (the scene was
 * painted ahead): the click is dropped when that decision was refused (`stillHere` false), and
 * the option is taken as the answer's scene has it (its lock worked out on the new stats).
 */
export function planClick(
  option: PlayOption,
  afterPrevious?: { stillHere: boolean; scene: PlayScene | undefined },
): ClickPlan {
  if (option.isPending || isPendingLink(option.nextSceneId)) return { kind: 'under-construction' };
  if (!option.nextSceneId) return { kind: 'no-destination' };
  if (!afterPrevious) {
    return option.locked
      ? { kind: 'ignore' }
      : { kind: 'send', option, nextId: option.nextSceneId };
  }
  if (!afterPrevious.stillHere) return { kind: 'ignore' };
  const chosen = afterPrevious.scene?.options.find((o) => o.id === option.id) ?? option;
  if (chosen.locked) return { kind: 'locked', reason: chosen.lockedReason };
  return { kind: 'send', option: chosen, nextId: option.nextSceneId };
}

/**
 * How much sooner than the gap's end a click on a 'maybe' must come to be painted as 'before':
 * room for the answer's travel and the two clocks' ticks between the read and its receipt.
 */
export const MAYBE_MARGIN_MS = 1000;

/**
 * The screen the decision made on `scene` certainly puts first, when the scene names it
 * (`nextInterruption`): {} for none, undefined when the click must wait for the answer (a copy
 * that does not say, or a 'maybe' too close to call). `elapsedMs` is the time since this copy
 * of the scene was received (undefined: unknown). A 'maybe' is decided when the click is clearly
 * after the gap's end (elapsed ≥ ms left: the server's clock has moved at least as far since its
 * read) or clearly before it (elapsed + MAYBE_MARGIN_MS < ms left, when the copy says what shows
 * before).
 */
export function announcedFirst(
  scene: PlayScene | undefined,
  elapsedMs?: number,
): FirstScreen | undefined {
  const next = scene?.nextInterruption;
  if (next?.kind === 'event') return { randomEvent: next.randomEvent };
  if (next?.kind === 'advertisement') return { advertisement: next.advertisement };
  if (next?.kind === 'maybe') {
    const { randomEvent, advertisement, msLeft } = next;
    if (!randomEvent || msLeft === undefined || elapsedMs === undefined) return undefined;
    if (elapsedMs >= msLeft) return { randomEvent };
    if (advertisement === undefined || elapsedMs + MAYBE_MARGIN_MS >= msLeft) return undefined;
    return advertisement ? { advertisement } : {};
  }
  return !next && scene?.choiceMayInterrupt === false ? {} : undefined;
}

/** What to do with an applied decision's answer. */
export type AnswerPlan =
  /** Show the answer's event or advertisement screen, unless it is already painted. */
  | { kind: 'first-screen'; first: FirstScreen; nextId: string; painted: boolean }
  /** Go to the next scene, unless it is already painted. */
  | { kind: 'scene'; nextId: string; painted: boolean }
  /** The decision kept the player on this scene. */
  | { kind: 'processed' };

/**
 * The answer is the authority: what was painted ahead stays when the answer agrees (same next
 * scene, same first screen); otherwise the answer's version shows.
 */
export function planAnswer(
  answer: Pick<ChoiceApplied, 'nextSceneId' | 'show'>,
  currentSceneId: string,
  sent: { nextId: string; painted: FirstScreen | null },
): AnswerPlan {
  const next = answer.nextSceneId;
  const painted =
    sent.painted !== null && next === sent.nextId && sameValue(answer.show, sent.painted);
  if (answer.show.randomEvent || answer.show.advertisement) {
    return { kind: 'first-screen', first: answer.show, nextId: next, painted };
  }
  if (!next || next === currentSceneId) return { kind: 'processed' };
  return { kind: 'scene', nextId: next, painted };
}

/**
 * Where a refusal's message goes: with the way back to the scene when a painted event or
 * advertisement screen took the player out of this scene's screen, else straight to the modal.
 * A pending link's refusal is a toast, not a message.
 */
export function planRefusal(
  code: string | undefined,
  message: string,
  painted: FirstScreen | null,
): { toastPending: boolean; message: string | null; withWayBack: boolean } {
  if (code === 'pending') return { toastPending: true, message: null, withWayBack: false };
  const left = painted !== null && (painted.randomEvent ?? painted.advertisement) !== undefined;
  return { toastPending: false, message, withWayBack: left };
}

/** Structural equality of JSON-shaped values (key order does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
