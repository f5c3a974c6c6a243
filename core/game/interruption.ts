import { guestGapEnd, type RandomEvent } from './random-event.ts';
import { interruptionOf, type StepEvent } from './step.ts';

/** What nextInterruption needs to know of the player and the content. */
export interface InterruptionInput<T extends StepEvent, A> {
  isGuest: boolean;
  /** Scenes reached and choices made so far (before the next choice). */
  sceneCount: number;
  choiceCount: number;
  /** The event the player saw last (guests never see it twice in a row), and when. */
  lastEventId: string | null;
  lastEventAt: number | string | null;
  /** The server clock at the read. */
  now: number;
  /** The admin's active events. */
  events: readonly T[];
  /** Guests: the events this game has shown (none shows twice in a game). */
  seenEventIds?: readonly string[];
  /** The active advertisements, in their display order. */
  ads: readonly A[];
  /**
   * The guest draw of the next choice: the same source the choice will use (the server derives
   * it from the player's game, so a read and the choice agree).
   */
  random: () => number;
}

/**
 * What the next choice puts before its scene: the event (a guest's may be core's GUEST_EVENT),
 * the advertisement, 'maybe' (undecided at the read), or null (the next scene comes straight on).
 * A 'maybe' says both sides: `event` shows when the choice comes at or after the gap's end,
 * `msLeft` ms after the read; before it, `before` (the advertisement, or null: nothing).
 */
export type NextInterruption<E, A> =
  | { kind: 'event'; event: E }
  | { kind: 'advertisement'; advertisement: A }
  | { kind: 'maybe'; event: E; before: A | null; msLeft: number }
  | null;

/**
 * What the player's next decision will put before the next scene: the step's own interruption
 * (core/game/step.ts interruptionOf, with the draw the decision will use), one decision ahead.
 * Only a guest's 5-second gap can be undecided at the read: it can only pass between now and the
 * click. So while it runs, the step is asked at the moment it ends: an event there is 'maybe'
 * (shown or not depending on when the player clicks); anything else is what the step gives at
 * any moment. Once the gap has passed, the read is exact.
 */
export function nextInterruption<T extends StepEvent, A>(
  input: InterruptionInput<T, A>,
): NextInterruption<T | Readonly<RandomEvent>, A> {
  const gapEnd = input.isGuest ? guestGapEnd(input.lastEventAt) : null;
  const waiting = gapEnd !== null && gapEnd > input.now;
  // While the gap runs the guest rule stops before its draw (decideGuestEvent): asking the step
  // now takes nothing from `random`, so the draw at the gap's end is the choice's own.
  const before = waiting
    ? interruptionOf(input, input, { now: input.now, random: input.random })
    : null;
  const now = waiting ? gapEnd : input.now;
  const step = interruptionOf(input, input, { now, random: input.random });
  if (step.event && before) {
    const msLeft = gapEnd! - input.now;
    return { kind: 'maybe', event: step.event, before: before.advertisement, msLeft };
  }
  if (step.event) return { kind: 'event', event: step.event };
  if (step.advertisement === null) return null;
  return { kind: 'advertisement', advertisement: step.advertisement };
}
