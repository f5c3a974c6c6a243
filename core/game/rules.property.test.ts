import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANGE_COLUMN_NAMES } from './change-columns.ts';
import { applyChoice, type ChoiceOption, type ChoiceState } from './choice.ts';
import { applyEventChanges } from './random-event.ts';
import { applyStatChanges, normaliseStats } from './stats.ts';
import { type PlayerStats, STAT_KEYS } from './stats.types.ts';
import { rebuildStats } from './stats-config.ts';

// Anything a stored value may hold: numbers of every kind, numeric and garbage strings, nulls.
const anyValue = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double(),
  fc.integer().map(String),
  fc.string(),
  fc.constantFrom(null, undefined, true, Number.MAX_VALUE, -Number.MAX_VALUE),
);
const itemName = fc.constantFrom('Hat', 'Map', 'Business card', '', ' Hat ');
const statChanges = fc.record(
  {
    ...Object.fromEntries(STAT_KEYS.map((k) => [k, anyValue])),
    addInventory: fc.array(itemName, { maxLength: 3 }),
    removeInventory: fc.array(itemName, { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const changesValue = fc.oneof(
  statChanges,
  statChanges.map((c) => JSON.stringify(c)),
  anyValue,
);
const eventValue = fc.record(Object.fromEntries(CHANGE_COLUMN_NAMES.map((c) => [c, anyValue])), {
  requiredKeys: [],
});
const configValue = fc.array(
  fc.record({ id: fc.constantFrom(...STAT_KEYS, 'luck', ''), defaultValue: anyValue }),
);
const step = fc.oneof(
  fc.record({ kind: fc.constant('change' as const), value: changesValue }),
  fc.record({ kind: fc.constant('event' as const), value: eventValue }),
  fc.record({ kind: fc.constant('rebuild' as const), value: configValue }),
);
const startStats = fc
  .record(Object.fromEntries(STAT_KEYS.map((k) => [k, anyValue])), { requiredKeys: [] })
  .map((raw) => normaliseStats(raw));

function assertSound(stats: PlayerStats) {
  for (const key of STAT_KEYS) {
    expect(Number.isFinite(stats[key])).toBe(true);
    expect(stats[key]).toBeGreaterThanOrEqual(0);
  }
  expect(new Set(stats.inventory).size).toBe(stats.inventory.length);
}

describe('stats never go below 0', () => {
  it('after any sequence of changes, events and scene rebuilds', () => {
    fc.assert(
      fc.property(startStats, fc.array(step, { maxLength: 30 }), (start, steps) => {
        let stats = start;
        assertSound(stats);
        for (const s of steps) {
          if (s.kind === 'change') stats = applyStatChanges(stats, s.value);
          else if (s.kind === 'event') stats = applyEventChanges(stats, s.value);
          else stats = rebuildStats(s.value, stats);
          assertSound(stats);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// A small world so that options often belong to the current scene and keys collide.
const sceneId = fc.constantFrom('intro', 'shop');
const target = fc.oneof(
  { weight: 4, arbitrary: sceneId },
  fc.constantFrom(null, '', 'pending-fair'),
);
const optionArb: fc.Arbitrary<ChoiceOption> = fc.record({
  id: fc.constantFrom('o1', 'o2', 'o3'),
  scenario_id: sceneId,
  next_scenario_id: target,
  next_url: fc.constantFrom(null, null, null, null, 'https://example.com'),
  stats_changes: changesValue,
  required_stats: fc.constantFrom(null, null, null, { intelligence: 5 }, { gold: 1000 }),
  required_items: fc.constantFrom(null, [], [], ['Map']),
});
const stateArb: fc.Arbitrary<ChoiceState> = fc.record({
  currentSceneId: fc.oneof({ weight: 9, arbitrary: sceneId }, fc.constant(null)),
  stats: startStats,
  sceneCount: fc.nat(100),
  choiceCount: fc.nat(100),
});
describe('choices', () => {
  it("never change the scene to anything but the option's target", () => {
    let changed = 0;
    fc.assert(
      fc.property(
        stateArb,
        fc.array(optionArb, { minLength: 5, maxLength: 20 }),
        (start, options) => {
          let s = start;
          for (const option of options) {
            const r = applyChoice(s, option);
            if (!r.ok) continue;
            expect(r.state.currentSceneId).toBe(option.next_scenario_id);
            changed++;
            assertSound(r.state.stats);
            s = r.state;
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(changed).toBeGreaterThan(150);
  });
});
