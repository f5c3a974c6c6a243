import { shouldShowAdvertisement } from './cadence.ts';
import {
  decideGuestEvent,
  type GuestEventCandidate,
  pickSignedInEvent,
  type ScheduledEvent,
} from './random-event.ts';

/** What nextChoiceMayInterrupt needs to know of the player and the content. */
export interface InterruptionInput<T extends GuestEventCandidate & ScheduledEvent> {
  isGuest: boolean;
  /** Scenes reached and choices made so far (before the next choice). */
  sceneCount: number;
  choiceCount: number;
  /** The event the player saw last (guests never see it twice in a row). */
  lastEventId: string | null;
  /** The admin's active events. */
  events: readonly T[];
  /** How many advertisements are active. */
  adCount: number;
  /**
   * The guest draw of the next choice: the same source the choice will use (the server derives
   * it from the player's game, so a read and the choice agree).
   */
  random: () => number;
}

/**
 * Whether the player's next choice will, or may, put a random event or an advertisement screen
 * before the next scene (the rules of the choice, one choice ahead): an advertisement on every
 * 5th scene when any is active; a signed-in player's event on the choice counter; a guest's event
 * by the guest rule with the draw the choice will use. Only the guest's 5-second gap is left
 * open: it can only pass between now and the click, so a draw that would show an event counts
 * as 'may'. When false, the next scene certainly comes straight after the choice.
 */
export function nextChoiceMayInterrupt<T extends GuestEventCandidate & ScheduledEvent>(
  input: InterruptionInput<T>,
): boolean {
  const sceneCount = input.sceneCount + 1;
  if (input.adCount > 0 && shouldShowAdvertisement(sceneCount)) return true;
  if (!input.isGuest) return pickSignedInEvent(input.choiceCount + 1, input.events) !== null;
  return decideGuestEvent({
    sceneCount,
    // The time check is the one part that may change before the click: assume it passes.
    lastEventAt: null,
    now: 0,
    random: input.random,
    events: input.events,
    lastEventId: input.lastEventId,
  }).triggered;
}
