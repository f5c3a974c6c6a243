import { describe, expect, it } from 'vitest';
import {
  ADMIN_DEFAULT_STATS,
  applyStatChanges,
  cloneStats,
  DEFAULT_CHOICE_COST,
  DEFAULT_STATS,
  FALLBACK_SCENE_ID,
  FALLBACK_STATS,
  formatStat,
  isStatKey,
  normaliseStats,
  SAVE_DEFAULT_STATS,
  STAT_LABELS,
  STAT_MAX,
  toItemList,
  toNumber,
  toStatChanges,
  ZERO_STATS,
} from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

const base: PlayerStats = {
  health: 50,
  strength: 10,
  intelligence: 15,
  charisma: 40,
  gold: 30,
  delusion: 20,
  revenue: 5,
  inventory: ['Hat'],
};

const configValues = (list: { id: string; defaultValue: number }[]) =>
  Object.fromEntries(list.map((d) => [d.id, d.defaultValue]));

describe('stat labels and stat sets (product rules "Content", "Limits" rules)', () => {
  it('labels every stat with its website-business name', () => {
    expect(STAT_LABELS).toEqual({
      health: 'SEO Ranking',
      strength: 'Traffic',
      intelligence: 'Knowledge',
      charisma: 'Happiness',
      gold: 'Budget',
      delusion: 'Delusion',
      revenue: 'Revenue',
    });
  });

  it('holds the default stats for a scene with no config', () => {
    expect(DEFAULT_STATS).toEqual({
      health: 100,
      strength: 10,
      intelligence: 15,
      charisma: 100,
      gold: 30,
      delusion: 100,
      revenue: 0,
      inventory: [],
    });
  });

  it("holds the admin 'Reset to Default' config with stat keys as ids and labels as names", () => {
    expect(ADMIN_DEFAULT_STATS.map((d) => [d.id, d.name, d.defaultValue])).toEqual([
      ['health', 'SEO Ranking', 100],
      ['strength', 'Traffic', 0],
      ['intelligence', 'Knowledge', 0],
      ['charisma', 'Happiness', 100],
      ['gold', 'Budget', 30],
      ['delusion', 'Delusion', 100],
      ['revenue', 'Revenue', 0],
    ]);
  });

  it('holds the defaults for saving a scene with no stats', () => {
    expect(configValues(SAVE_DEFAULT_STATS)).toEqual({
      health: 20,
      strength: 10,
      intelligence: 15,
      charisma: 50,
      gold: 30,
      delusion: 20,
      revenue: 5,
    });
    expect(SAVE_DEFAULT_STATS.find((d) => d.id === 'charisma')?.name).toBe('Happiness');
  });

  it('holds the fallback for incomplete data and the intro scene', () => {
    expect(FALLBACK_STATS).toEqual({
      health: 100,
      strength: 0,
      intelligence: 0,
      charisma: 100,
      gold: 30,
      delusion: 100,
      revenue: 0,
      inventory: [],
    });
    expect(FALLBACK_SCENE_ID).toBe('intro');
    expect(Object.values(ZERO_STATS).filter((v) => v !== 0)).toEqual([[]]);
  });

  it('freezes the shared sets so a caller cannot change them by accident', () => {
    expect(() => {
      (DEFAULT_STATS as { gold: number }).gold = 1;
    }).toThrow(TypeError);
    expect(() => DEFAULT_STATS.inventory.push('x')).toThrow(TypeError);
    expect(() => {
      (ADMIN_DEFAULT_STATS[0] as { defaultValue: number }).defaultValue = 1;
    }).toThrow(TypeError);
    const copy = cloneStats(DEFAULT_STATS);
    copy.inventory.push('x');
    copy.gold = 1;
    expect(DEFAULT_STATS.gold).toBe(30);
    expect(DEFAULT_STATS.inventory).toEqual([]);
  });

  it('charges 5 gold by default', () => {
    expect(DEFAULT_CHOICE_COST).toBe(5);
  });
});

describe('toNumber', () => {
  it.each([
    [12, 12],
    [-3.5, -3.5],
    ['42', 42],
    [' -7 ', -7],
    ['1e2', 100],
    ['', 0],
    ['  ', 0],
    ['abc', 0],
    ['12abc', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
    [{}, 0],
    [[5], 0],
  ])('toNumber(%o) is %o', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });
});

describe('applyStatChanges', () => {
  it('costs 5 gold when there are no changes', () => {
    for (const none of [undefined, null, {}, '', 'null', '{}', 'garbage', [], 42]) {
      const next = applyStatChanges(base, none);
      expect(next).toEqual({ ...base, gold: 25 });
    }
  });

  it('costs 5 gold when the changes name no gold', () => {
    const next = applyStatChanges(base, { intelligence: 5, strength: -3 });
    expect(next).toEqual({ ...base, intelligence: 20, strength: 7, gold: 25 });
  });

  it('uses the named gold change instead of the default cost, even 0', () => {
    expect(applyStatChanges(base, { gold: -10, intelligence: 5 }).gold).toBe(20);
    expect(applyStatChanges(base, { gold: 0 }).gold).toBe(30);
    expect(applyStatChanges(base, { gold: 12 }).gold).toBe(42);
  });

  it('treats a null gold entry as absent', () => {
    expect(applyStatChanges(base, { gold: null }).gold).toBe(25);
  });

  it('coerces numeric strings and ignores garbage deltas', () => {
    const next = applyStatChanges(base, { health: '10', charisma: 'lots', gold: '-4' });
    expect(next.health).toBe(60);
    expect(next.charisma).toBe(40);
    expect(next.gold).toBe(26);
  });

  it('floors every stat at 0', () => {
    const next = applyStatChanges(base, {
      health: -999,
      strength: -11,
      intelligence: -16,
      charisma: -41,
      gold: -31,
      delusion: -21,
      revenue: -6,
    });
    expect(next).toEqual({ ...ZERO_STATS, inventory: ['Hat'] });
    expect(applyStatChanges({ ...base, gold: 3 }, {}).gold).toBe(0);
  });

  it('caps stats so they stay finite', () => {
    const next = applyStatChanges({ ...base, revenue: STAT_MAX }, { revenue: Number.MAX_VALUE });
    expect(next.revenue).toBe(STAT_MAX);
  });

  it('repairs broken current values instead of spreading NaN', () => {
    const broken = { ...base, health: Number.NaN, strength: '7' as unknown as number };
    const next = applyStatChanges(broken, { gold: 0 });
    expect(next.health).toBe(0);
    expect(next.strength).toBe(7);
  });

  it('reads changes stored as a JSON string', () => {
    expect(applyStatChanges(base, '{"gold":-2,"revenue":10}')).toMatchObject({
      gold: 28,
      revenue: 15,
    });
  });

  it('adds items once and removes listed items', () => {
    const added = applyStatChanges(base, {
      addInventory: ['Business card', 'Hat', 'Business card'],
    });
    expect(added.inventory).toEqual(['Hat', 'Business card']);
    const removed = applyStatChanges(added, { removeInventory: ['Hat', 'Nothing'] });
    expect(removed.inventory).toEqual(['Business card']);
    expect(removed.gold).toBe(20);
  });

  it('removes an item that is added and removed by the same option', () => {
    const next = applyStatChanges(base, { addInventory: ['Coupon'], removeInventory: ['Coupon'] });
    expect(next.inventory).toEqual(['Hat']);
  });

  it('does not change the stats it was given', () => {
    const before = cloneStats(base);
    applyStatChanges(base, { gold: -10, addInventory: ['Map'], removeInventory: ['Hat'] });
    expect(base).toEqual(before);
    expect(applyStatChanges(DEFAULT_STATS, { addInventory: ['Map'] }).inventory).toEqual(['Map']);
  });

  it('ignores unknown keys', () => {
    const next = applyStatChanges(base, { gold: 0, luck: 50, toString: 3 });
    expect(next).toEqual(base);
  });
});

describe('normaliseStats', () => {
  it('fills missing stats from the fallback set and coerces the rest', () => {
    const stats = normaliseStats({ gold: '12', health: -4, inventory: ['Hat', 3, ' Hat '] });
    expect(stats).toEqual({ ...FALLBACK_STATS, gold: 12, health: 0, inventory: ['Hat'] });
  });

  it('reads JSON text and returns the fallback for garbage', () => {
    expect(normaliseStats('{"revenue":9}').revenue).toBe(9);
    expect(normaliseStats('not json')).toEqual(FALLBACK_STATS);
    expect(normaliseStats(null, ZERO_STATS)).toEqual(ZERO_STATS);
  });
});

describe('helpers', () => {
  it('formats Budget and Revenue with a $ prefix only', () => {
    expect(formatStat('gold', 30)).toBe('$30');
    expect(formatStat('revenue', 0)).toBe('$0');
    expect(formatStat('health', 100)).toBe('100');
    expect(formatStat('intelligence', 15)).toBe('15');
  });

  it('recognises stat keys', () => {
    expect(isStatKey('gold')).toBe(true);
    expect(isStatKey('budget')).toBe(false);
    expect(isStatKey(3)).toBe(false);
  });

  it('cleans item lists', () => {
    expect(toItemList(['a', ' a', '', 1, 'b'])).toEqual(['a', 'b']);
    expect(toItemList('Key')).toEqual(['Key']);
    expect(toItemList(undefined)).toEqual([]);
  });

  it('keeps only known, coerced stat changes', () => {
    expect(
      toStatChanges({ gold: '-3', luck: 4, addInventory: ['Map', 5], removeInventory: [] }),
    ).toEqual({ gold: -3, addInventory: ['Map'] });
    expect(toStatChanges('[1,2]')).toEqual({});
  });
});
