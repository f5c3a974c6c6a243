import { advertisementFor } from './cadence.ts';
import {
  decideGuestEvent,
  type GuestEventCandidate,
  guestGapPassed,
  type RandomEvent,
  type ScheduledEvent,
  signedInEventAt,
} from './random-event.ts';

/** What nextInterruption needs to know of the player and the content. */
export interface InterruptionInput<
  T extends GuestEventCandidate & ScheduledEvent & { id: string },
  A,
> {
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
 */
export type NextInterruption<E, A> =
  | { kind: 'event'; event: E }
  | { kind: 'advertisement'; advertisement: A }
  | { kind: 'maybe' }
  | null;

/**
 * What the player's next choice will put before the next scene (the rules of the choice, one
 * choice ahead): a random event first (a signed-in player's on the choice counter; a guest's by
 * the guest rule with the draw the choice will use), else an advertisement on every 5th scene.
 * Only the guest's 5-second gap can be undecided at the read: it can only pass between now and
 * the click, so a draw that would show an event while the gap is still running is 'maybe'. Once
 * the gap has passed, the read is exact.
 */
export function nextInterruption<
  T extends GuestEventCandidate & ScheduledEvent & { id: string },
  A,
>(input: InterruptionInput<T, A>): NextInterruption<T | Readonly<RandomEvent>, A> {
  const sceneCount = input.sceneCount + 1;
  const event = input.isGuest
    ? guestEvent(input, sceneCount)
    : signedInEventAt({ choiceCount: input.choiceCount + 1, sceneCount }, input.events);
  if (event === 'maybe') return { kind: 'maybe' };
  if (event) return { kind: 'event', event };
  const advertisement = advertisementFor(sceneCount, input.ads);
  return advertisement === null ? null : { kind: 'advertisement', advertisement };
}

/** The guest's event of the next choice, or 'maybe' when it waits on the 5-second gap. */
function guestEvent<T extends GuestEventCandidate & ScheduledEvent & { id: string }>(
  input: InterruptionInput<T, unknown>,
  sceneCount: number,
) {
  const d = decideGuestEvent({
    sceneCount,
    // The gap is checked apart: the draw is the same whether it has passed or not.
    lastEventAt: null,
    now: input.now,
    random: input.random,
    events: input.events,
    lastEventId: input.lastEventId,
    seenIds: input.seenEventIds ?? [],
  });
  if (!d.triggered) return null;
  return guestGapPassed(input.lastEventAt, input.now) ? d.event : 'maybe';
}
