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
 */
export type NextInterruption<E, A> =
  | { kind: 'event'; event: E }
  | { kind: 'advertisement'; advertisement: A }
  | { kind: 'maybe' }
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
  const now = waiting ? gapEnd : input.now;
  const step = interruptionOf(input, input, { now, random: input.random });
  if (step.event) return waiting ? { kind: 'maybe' } : { kind: 'event', event: step.event };
  if (step.advertisement === null) return null;
  return { kind: 'advertisement', advertisement: step.advertisement };
}
