import { describe, expect, it, vi } from 'vitest';
import {
  applyEventChanges,
  DEFAULT_EVENT_FREQUENCY,
  decideGuestEvent,
  eventChangeLines,
  GUEST_EVENT,
  GUEST_EVENT_EVERY,
  GUEST_EVENT_MIN_GAP_MS,
  GUEST_EVENT_PROBABILITY,
  pickSignedInEvent,
} from './random-event.ts';
import { ZERO_STATS } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

const NOW = 1_700_000_000_000;
const always = () => 0;

describe('the guest event (product rules "Limits")', () => {
  it('has the fixed changes and image media', () => {
    expect(GUEST_EVENT).toMatchObject({
      budget_change: 25,
      knowledge_change: 10,
      delusion_change: 0,
      revenue_change: 15,
      happiness_change: 5,
      traffic_change: 20,
      seo_ranking_change: 5,
      media_type: 'image',
    });
    // The random-event screen needs these to show an event (product rules "Validation").
    for (const field of ['id', 'title', 'description'] as const) {
      expect(GUEST_EVENT[field].length).toBeGreaterThan(0);
    }
    expect(Object.isFrozen(GUEST_EVENT)).toBe(true);
  });

  it('has the spec constants', () => {
    expect(GUEST_EVENT_EVERY).toBe(2);
    expect(GUEST_EVENT_MIN_GAP_MS).toBe(5000);
    expect(GUEST_EVENT_PROBABILITY).toBe(0.8);
    expect(DEFAULT_EVENT_FREQUENCY).toBe(5);
  });
});

describe('decideGuestEvent', () => {
  it('checks only every 2nd scene, without drawing a number otherwise', () => {
    const random = vi.fn(always);
    for (const sceneCount of [0, 1, 3, 5, -2, 2.5]) {
      expect(decideGuestEvent({ sceneCount, lastEventAt: null, now: NOW, random })).toEqual({
        triggered: false,
        reason: 'cadence',
      });
    }
    expect(random).not.toHaveBeenCalled();
    for (const sceneCount of [4, 8, 10]) {
      expect(decideGuestEvent({ sceneCount, lastEventAt: null, now: NOW, random }).triggered).toBe(
        true,
      );
    }
  });

  it('never comes right after an advertisement scene (every 5th), without drawing a number', () => {
    const random = vi.fn(always);
    for (const sceneCount of [6, 16, 26]) {
      expect(decideGuestEvent({ sceneCount, lastEventAt: null, now: NOW, random })).toEqual({
        triggered: false,
        reason: 'after-ad',
      });
    }
    expect(random).not.toHaveBeenCalled();
  });

  it('never shows an event this game has already shown', () => {
    const events = [
      { id: 'a', is_active: true },
      { id: 'b', is_active: true },
    ];
    const input = { sceneCount: 4, lastEventAt: null, now: NOW, random: () => 0, events };
    expect(decideGuestEvent({ ...input, seenIds: ['a'] })).toMatchObject({ event: { id: 'b' } });
    expect(decideGuestEvent({ ...input, seenIds: ['a', 'b'] })).toEqual({
      triggered: false,
      reason: 'repeat',
    });
  });

  it('waits at least 5000 ms after the last event', () => {
    const random = vi.fn(always);
    const at = (ms: number | string) =>
      decideGuestEvent({ sceneCount: 4, lastEventAt: ms, now: NOW, random });
    expect(at(NOW - 4999)).toEqual({ triggered: false, reason: 'too-soon' });
    expect(at(NOW + 1000)).toEqual({ triggered: false, reason: 'too-soon' });
    expect(random).not.toHaveBeenCalled();
    expect(at(NOW - 5000)).toEqual({ triggered: true, event: GUEST_EVENT });
    expect(at(new Date(NOW - 6000).toISOString()).triggered).toBe(true);
    expect(at(new Date(NOW - 1000).toISOString()).triggered).toBe(false);
  });

  it('treats an unreadable last time as never', () => {
    expect(
      decideGuestEvent({ sceneCount: 4, lastEventAt: 'not a date', now: NOW, random: always })
        .triggered,
    ).toBe(true);
  });

  it('triggers with 80 % probability', () => {
    const draw = (r: number) =>
      decideGuestEvent({ sceneCount: 4, lastEventAt: null, now: NOW, random: () => r });
    expect(draw(0).triggered).toBe(true);
    expect(draw(0.7999).triggered).toBe(true);
    expect(draw(0.8)).toEqual({ triggered: false, reason: 'chance' });
    expect(draw(0.99)).toEqual({ triggered: false, reason: 'chance' });
  });

  it('triggers on about 80 % of eligible scenes with a seeded source', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let hits = 0;
    for (let i = 0; i < 10_000; i++) {
      if (decideGuestEvent({ sceneCount: 8, lastEventAt: null, now: NOW, random }).triggered)
        hits++;
    }
    expect(hits / 10_000).toBeGreaterThan(0.78);
    expect(hits / 10_000).toBeLessThan(0.82);
  });
});

describe('decideGuestEvent: which event', () => {
  const ev = (id: string, is_active: boolean | number = true) => ({ id, is_active });
  const events = [ev('a'), ev('b'), ev('off', false), ev('c'), ev('off0', 0)];
  const pick = (r: number, lastEventId: string | null = null, list = events) =>
    decideGuestEvent({
      sceneCount: 4,
      lastEventAt: null,
      now: NOW,
      random: () => r,
      events: list,
      lastEventId,
    });

  it('never shows an event on the first choice (scene 2)', () => {
    const random = vi.fn(always);
    expect(
      decideGuestEvent({ sceneCount: 2, lastEventAt: null, now: NOW, random, events }),
    ).toEqual({ triggered: false, reason: 'first-choice' });
    expect(random).not.toHaveBeenCalled();
  });

  it("picks among the admin's active events with a second draw", () => {
    expect(pick(0)).toEqual({ triggered: true, event: ev('a') });
    expect(pick(0.5)).toEqual({ triggered: true, event: ev('b') });
    expect(pick(0.79)).toEqual({ triggered: true, event: ev('c') });
  });

  it('leaves out the event seen last', () => {
    for (const r of [0, 0.3, 0.5, 0.79]) {
      const d = pick(r, 'b');
      expect(d.triggered && d.event.id).not.toBe('b');
    }
    expect(pick(0, 'a')).toEqual({ triggered: true, event: ev('b') });
  });

  it('shows nothing when the only active event was the last one', () => {
    expect(pick(0, 'a', [ev('a'), ev('b', false)])).toEqual({ triggered: false, reason: 'repeat' });
    expect(pick(0, 'b', [ev('a'), ev('b', false)])).toEqual({ triggered: true, event: ev('a') });
  });

  it('falls back to the fixed guest event when no event is active, not twice in a row', () => {
    expect(pick(0, null, [ev('off', false)])).toEqual({ triggered: true, event: GUEST_EVENT });
    expect(pick(0, null, [])).toEqual({ triggered: true, event: GUEST_EVENT });
    expect(pick(0, GUEST_EVENT.id, [])).toEqual({ triggered: false, reason: 'repeat' });
  });
});

describe('pickSignedInEvent', () => {
  const ev = (id: string, frequency: unknown, is_active: boolean | number = true) => ({
    id,
    frequency,
    is_active,
  });

  it('triggers an event when the choice counter is a multiple of its frequency', () => {
    const events = [ev('e3', 3)];
    expect([1, 2, 3, 4, 5, 6].map((n) => pickSignedInEvent(n, events)?.id ?? null)).toEqual([
      null,
      null,
      'e3',
      null,
      null,
      'e3',
    ]);
  });

  it('prefers the rarest event, then the first listed', () => {
    const events = [ev('every2', 2), ev('every4a', 4), ev('every4b', 4), ev('every1', 1)];
    expect(pickSignedInEvent(8, events)?.id).toBe('every4a');
    expect(pickSignedInEvent(6, events)?.id).toBe('every2');
    expect(pickSignedInEvent(5, events)?.id).toBe('every1');
  });

  it('skips inactive events and unusable frequencies', () => {
    const events = [ev('off', 2, false), ev('off0', 2, 0), ev('zero', 0), ev('text', 'abc')];
    expect(pickSignedInEvent(2, events)).toBeNull();
    expect(pickSignedInEvent(4, [ev('str', '2')])?.id).toBe('str');
    expect(pickSignedInEvent(0, [ev('e1', 1)])).toBeNull();
    expect(pickSignedInEvent(3, [])).toBeNull();
  });
});

describe('applyEventChanges', () => {
  const stats: PlayerStats = { ...ZERO_STATS, gold: 10, health: 3, inventory: ['Hat'] };

  it('adds each change to its stat (product rules "Limits" mapping)', () => {
    expect(applyEventChanges(stats, GUEST_EVENT)).toEqual({
      health: 8,
      strength: 20,
      intelligence: 10,
      charisma: 5,
      gold: 35,
      delusion: 0,
      revenue: 15,
      inventory: ['Hat'],
    });
  });

  it('floors at 0, coerces values and counts missing ones as 0', () => {
    const next = applyEventChanges(stats, { budget_change: -50, seo_ranking_change: '2' });
    expect(next).toEqual({ ...stats, gold: 0, health: 5 });
  });

  it('does not charge the default choice cost', () => {
    expect(applyEventChanges(stats, {})).toEqual(stats);
  });
});

describe('eventChangeLines', () => {
  it('lists non-zero changes signed', () => {
    expect(
      eventChangeLines({ budget_change: -5, knowledge_change: 0, traffic_change: 20 }).map(
        (l) => `${l.text} ${l.label}`,
      ),
    ).toEqual(['-5 Budget', '+20 Traffic']);
    expect(eventChangeLines(GUEST_EVENT)).toHaveLength(6);
  });
});
