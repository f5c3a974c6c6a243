import { describe, expect, it } from 'vitest';
import { type InterruptionInput, nextInterruption } from './interruption.ts';
import { GUEST_EVENT_MIN_GAP_MS } from './random-event.ts';

const NOW = 1_700_000_000_000;
const event = (id: string, frequency: number) => ({ id, frequency, is_active: true });
type Event = ReturnType<typeof event>;
const EVENTS = [event('a', 3), event('b', 4)];
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

  it("tells a 'maybe's both sides: the event after the gap's end, the ad or nothing before it", () => {
    const last = NOW - GUEST_EVENT_MIN_GAP_MS + 1200;
    // The 5th scene's advertisement is due (sceneCount 4), and the draw (0) gives event a after the gap.
    const guest = { isGuest: true, sceneCount: 4, random: () => 0, lastEventAt: last, ads: ['x'] };
    // Scene 4 is not a guest event scene: nothing is undecided, the ad shows.
    expect(next({ ...guest, lastEventId: 'b' })).toBe('ad x');
    const draws: number[] = [];
    const random = () => {
      draws.push(0);
      return 0;
    };
    const maybe = nextInterruption({ ...base, ...guest, sceneCount: 3, lastEventId: 'b', random });
    expect(maybe).toEqual({ kind: 'maybe', event: EVENTS[0], before: null, msLeft: 1200 });
    // Only the draw at the gap's end was made (the choice's own draw: chance, then the pick).
    expect(draws).toHaveLength(2);
    // The 10th scene has both: the event after the gap's end, its advertisement before it.
    const both = nextInterruption({ ...base, ...guest, sceneCount: 9, lastEventId: 'b' });
    expect(both).toMatchObject({ kind: 'maybe', event: { id: 'a' }, before: 'x', msLeft: 1200 });
  });
});
