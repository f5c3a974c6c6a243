import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advertisementFor } from './cadence.ts';
import { type InterruptionInput, nextInterruption } from './interruption.ts';
import { decideGuestEvent, GUEST_EVENT_MIN_GAP_MS, signedInEventAt } from './random-event.ts';

const NOW = 1_700_000_000_000;
const event = (id: string, frequency: number) => ({ id, frequency, is_active: true });
type Event = ReturnType<typeof event>;
const EVENTS = [event('a', 3), event('b', 4)];
/** A draw source that repeats `values` (the choice and the prediction each get their own copy). */
const drawOf = (values: readonly number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const base: InterruptionInput<Event, string> = {
  isGuest: false,
  sceneCount: 1,
  choiceCount: 0,
  lastEventId: null,
  lastEventAt: null,
  now: NOW,
  events: EVENTS,
  ads: [],
  random: () => 0.5,
};
/** What comes first, in short: an event's or an ad's id, 'maybe' or null. */
const next = (input: Partial<InterruptionInput<Event, string>>) => {
  const n = nextInterruption({ ...base, ...input });
  if (n === null || n.kind === 'maybe') return n?.kind ?? null;
  return n.kind === 'event' ? `event ${n.event.id}` : `ad ${n.advertisement}`;
};

describe('nextInterruption', () => {
  it('names the advertisement before the choice that reaches a 5th scene', () => {
    expect(next({ sceneCount: 4, choiceCount: 1, ads: ['x', 'y'] })).toBe('ad y');
    expect(next({ sceneCount: 4, choiceCount: 1, ads: [] })).toBe(null);
    expect(next({ sceneCount: 5, choiceCount: 1, ads: ['x', 'y'] })).toBe(null);
  });

  it("names a signed-in player's event on the choice counter; the event comes before an ad", () => {
    expect(next({ choiceCount: 2 })).toBe('event a');
    // Never right after an event, never one the game has shown ('a' at choice 3).
    expect(next({ choiceCount: 3 })).toBe(null);
    expect(next({ choiceCount: 5, sceneCount: 6 })).toBe(null);
    expect(next({ choiceCount: 7, sceneCount: 8 })).toBe('event b');
    expect(next({ sceneCount: 4, choiceCount: 2, ads: ['x'] })).toBe('event a');
  });

  it("follows a guest's cadence and draw, never the first choice", () => {
    const guest = { isGuest: true };
    expect(next({ ...guest, sceneCount: 1, random: () => 0 })).toBe(null);
    expect(next({ ...guest, sceneCount: 2, random: () => 0 })).toBe(null);
    expect(next({ ...guest, sceneCount: 3, random: () => 0 })).toBe('event a');
    // A draw of 0.9 misses the 80 % chance.
    expect(next({ ...guest, sceneCount: 3, random: () => 0.9 })).toBe(null);
  });

  it("is 'maybe' only while a guest's drawn event waits on the 5-second gap", () => {
    const guest = { isGuest: true, sceneCount: 3, random: () => 0, lastEventId: 'b' };
    const soon = NOW - GUEST_EVENT_MIN_GAP_MS + 1;
    expect(next({ ...guest, lastEventAt: soon })).toBe('maybe');
    expect(next({ ...guest, lastEventAt: NOW - GUEST_EVENT_MIN_GAP_MS })).toBe('event a');
    // No event drawn: the gap does not matter.
    expect(next({ ...guest, lastEventAt: soon, random: () => 0.9 })).toBe(null);
  });

  it('agrees with the choice whatever time passes: only maybe is undecided', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 2, maxLength: 2 }),
        fc.constantFrom(null, 'a', 'b', 'guest-event'),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.integer({ min: 0, max: 20_000 })),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom(EVENTS, [EVENTS[0]!], []),
        (isGuest, sceneCount, choiceCount, draws, lastEventId, adCount, ago, wait, events) => {
          const lastEventAt = ago === null ? null : NOW - ago;
          const ads = Array.from({ length: adCount }, (_, i) => `ad-${i}`);
          const predicted = nextInterruption({
            isGuest,
            sceneCount,
            choiceCount,
            lastEventId,
            lastEventAt,
            now: NOW,
            events,
            ads,
            random: drawOf(draws),
          });
          // The choice, as server/services/play/choice.ts decides it, after `wait` ms.
          const counts = { sceneCount: sceneCount + 1, choiceCount: choiceCount + 1 };
          const guest = decideGuestEvent({
            sceneCount: counts.sceneCount,
            lastEventAt,
            lastEventId,
            now: NOW + wait,
            random: drawOf(draws),
            events,
          });
          const shown = isGuest
            ? guest.triggered
              ? guest.event
              : null
            : signedInEventAt(counts, events);
          const ad = shown ? null : advertisementFor(counts.sceneCount, ads);
          if (predicted?.kind === 'maybe') return;
          expect(predicted).toEqual(
            shown
              ? { kind: 'event', event: shown }
              : ad
                ? { kind: 'advertisement', advertisement: ad }
                : null,
          );
        },
      ),
    );
  });
});
