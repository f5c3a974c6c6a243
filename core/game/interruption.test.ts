import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advertisementFor } from './cadence.ts';
import { nextChoiceMayInterrupt } from './interruption.ts';
import { decideGuestEvent, GUEST_EVENT_MIN_GAP_MS, pickSignedInEvent } from './random-event.ts';

const NOW = 1_700_000_000_000;
const event = (id: string, frequency: number) => ({ id, frequency, is_active: true });
const EVENTS = [event('a', 3), event('b', 4)];
/** A draw source that repeats `values` (the choice and the prediction each get their own copy). */
const drawOf = (values: readonly number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const base = {
  isGuest: false,
  sceneCount: 1,
  choiceCount: 0,
  lastEventId: null,
  events: EVENTS,
  adCount: 0,
  random: () => 0.5,
};

describe('nextChoiceMayInterrupt', () => {
  it('says so before the choice that reaches a 5th scene, when an advertisement is active', () => {
    expect(nextChoiceMayInterrupt({ ...base, sceneCount: 4, choiceCount: 1, adCount: 2 })).toBe(
      true,
    );
    expect(nextChoiceMayInterrupt({ ...base, sceneCount: 4, choiceCount: 1, adCount: 0 })).toBe(
      false,
    );
    expect(nextChoiceMayInterrupt({ ...base, sceneCount: 5, choiceCount: 1, adCount: 2 })).toBe(
      false,
    );
  });

  it("follows a signed-in player's choice counter", () => {
    // The next choice is the 3rd (event a) or the 4th (event b); the 5th meets none.
    expect(nextChoiceMayInterrupt({ ...base, choiceCount: 2 })).toBe(true);
    expect(nextChoiceMayInterrupt({ ...base, choiceCount: 3 })).toBe(true);
    expect(nextChoiceMayInterrupt({ ...base, choiceCount: 4 })).toBe(false);
  });

  it("follows a guest's cadence and draw, never the first choice", () => {
    const guest = { ...base, isGuest: true };
    expect(nextChoiceMayInterrupt({ ...guest, sceneCount: 1, random: () => 0 })).toBe(false);
    expect(nextChoiceMayInterrupt({ ...guest, sceneCount: 2, random: () => 0 })).toBe(false);
    expect(nextChoiceMayInterrupt({ ...guest, sceneCount: 3, random: () => 0 })).toBe(true);
    // A draw of 0.9 misses the 80 % chance.
    expect(nextChoiceMayInterrupt({ ...guest, sceneCount: 3, random: () => 0.9 })).toBe(false);
  });

  it('agrees with the choice whatever time passes: false means nothing comes first', () => {
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
          const predicted = nextChoiceMayInterrupt({
            isGuest,
            sceneCount,
            choiceCount,
            lastEventId,
            events,
            adCount,
            random: drawOf(draws),
          });
          // The choice, as server/services/play/choice.ts decides it, after `wait` ms.
          const next = { sceneCount: sceneCount + 1, choiceCount: choiceCount + 1 };
          const shown = isGuest
            ? decideGuestEvent({
                sceneCount: next.sceneCount,
                lastEventAt,
                lastEventId,
                now: NOW + wait,
                random: drawOf(draws),
                events,
              }).triggered
            : pickSignedInEvent(next.choiceCount, events) !== null;
          const ads = Array.from({ length: adCount }, (_, i) => i);
          const interrupted = shown || advertisementFor(next.sceneCount, ads) !== null;
          if (!predicted) expect(interrupted).toBe(false);
          // With the gap long past, the prediction is exact.
          if (lastEventAt === null || NOW - lastEventAt >= GUEST_EVENT_MIN_GAP_MS) {
            expect(predicted).toBe(interrupted);
          }
        },
      ),
    );
  });
});
