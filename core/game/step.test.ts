import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChoiceOption } from './choice.ts';
import { nextInterruption } from './interruption.ts';
import { GUEST_EVENT } from './random-event.ts';
import { ZERO_STATS } from './stats.ts';
import { type Game, type StepContent, takeStep } from './step.ts';

const NOW = 1_700_000_000_000;
const event = (id: string, frequency: number, budget_change = 0) => ({
  id,
  title: `Event ${id}`,
  frequency,
  is_active: true,
  budget_change,
});
type Event = ReturnType<typeof event>;
const EVENTS = [event('a', 3, 10), event('b', 4, -3)];
const game: Game = {
  currentSceneId: 'intro',
  stats: { ...ZERO_STATS, gold: 30, inventory: [] },
  sceneCount: 1,
  choiceCount: 0,
  lastEventAt: null,
  lastEventId: null,
  isGuest: false,
};
const option: ChoiceOption = {
  id: 'o1',
  scenario_id: 'intro',
  next_scenario_id: 'shop',
  stats_changes: { intelligence: 5 },
};
const shop = { id: 'shop', title: 'Shop', stats_config: null as unknown };
const content: StepContent<Event, string> = { events: EVENTS, ads: ['x', 'y'] };
/** A draw source that repeats `values` (the forecast and the step each get their own copy). */
const drawOf = (values: readonly number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('takeStep', () => {
  it('applies the option, then the event, then the next scene checkpoint, and says what changed', () => {
    const checkpoint = { ...shop, stats_config: [{ id: 'gold', defaultValue: 7 }] };
    const step = takeStep({ ...game, choiceCount: 2 }, {}, option, checkpoint, content, {
      now: NOW,
      random: () => 0.5,
    });
    if (!step.ok) throw new Error(step.message);
    expect(step.event?.id).toBe('a');
    expect(step.advertisement).toBe(null);
    expect(step.game).toMatchObject({
      currentSceneId: 'shop',
      sceneCount: 2,
      choiceCount: 3,
      lastEventId: 'a',
      lastEventAt: new Date(NOW).toISOString(),
    });
    expect(step.game.stats.gold).toBe(7);
    expect(step.changes.choice.stats).toHaveLength(2);
    expect(step.changes.choice.stats).toEqual(
      expect.arrayContaining([
        { stat: 'gold', delta: -5 },
        { stat: 'intelligence', delta: 5 },
      ]),
    );
    expect(step.changes.event).toMatchObject({
      title: 'Event a',
      stats: [{ stat: 'gold', delta: 10 }],
    });
    expect(step.changes.arrival.stats).toEqual([{ stat: 'gold', delta: -28 }]);
  });

  it('shows an advertisement on the way to every 5th scene when no event comes', () => {
    const step = takeStep({ ...game, sceneCount: 4 }, {}, option, shop, content, {
      now: NOW,
      random: () => 0.5,
    });
    expect(step.ok && [step.event, step.advertisement]).toEqual([null, 'y']);
  });

  it('refuses what core applyChoice refuses, and a target that does not exist', () => {
    const draws = { now: NOW, random: () => 0 };
    expect(takeStep(game, { is_ending: true }, option, shop, content, draws)).toMatchObject({
      ok: false,
      reason: 'scene-closed',
    });
    expect(takeStep(game, {}, option, null, content, draws)).toMatchObject({
      ok: false,
      reason: 'no-destination',
      message: "This option doesn't lead anywhere yet.",
    });
  });

  it("gives guests core's fixed event when no event is active", () => {
    const guest = { ...game, isGuest: true, sceneCount: 3 };
    const step = takeStep(
      guest,
      {},
      option,
      shop,
      { events: [], ads: [] },
      { now: NOW, random: () => 0 },
    );
    expect(step.ok && step.event).toBe(GUEST_EVENT);
  });
});

describe('the forecast (nextInterruption)', () => {
  it('always equals the step taken after it, whatever option and whenever; maybe only while a guest waits on the gap', () => {
    let maybes = 0;
    let shown = 0;
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
        fc.record({ gold: fc.nat(40), cost: fc.nat(10) }),
        (
          isGuest,
          sceneCount,
          choiceCount,
          draws,
          lastEventId,
          adCount,
          ago,
          wait,
          events,
          money,
        ) => {
          const lastEventAt = ago === null ? null : NOW - ago;
          const ads = Array.from({ length: adCount }, (_, i) => `ad-${i}`);
          const before: Game = {
            ...game,
            stats: { ...game.stats, gold: money.gold },
            isGuest,
            sceneCount,
            choiceCount,
            lastEventId,
            lastEventAt,
          };
          const forecast = nextInterruption({
            ...before,
            now: NOW,
            events,
            ads,
            random: drawOf(draws),
          });
          const picked = { ...option, stats_changes: { gold: -money.cost } };
          const step = takeStep(
            before,
            {},
            picked,
            shop,
            { events, ads },
            {
              now: NOW + wait,
              random: drawOf(draws),
            },
          );
          if (!step.ok) return;
          if (step.event || step.advertisement) shown++;
          if (forecast?.kind === 'maybe') {
            maybes++;
            expect(isGuest && lastEventAt !== null).toBe(true);
            return;
          }
          expect(forecast).toEqual(
            step.event
              ? { kind: 'event', event: step.event }
              : step.advertisement
                ? { kind: 'advertisement', advertisement: step.advertisement }
                : null,
          );
        },
      ),
      { numRuns: 500 },
    );
    expect(maybes).toBeGreaterThan(0);
    expect(shown).toBeGreaterThan(50);
  });
});
