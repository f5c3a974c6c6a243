import { describe, expect, it } from 'vitest';
import { DEFAULT_STATS, SAVE_DEFAULT_STATS, ZERO_STATS } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';
import {
  hasUsableStatsConfig,
  initialStats,
  parseStatsConfig,
  rebuildStats,
  validateStatsConfig,
} from './stats-config.ts';

const player: PlayerStats = {
  health: 5,
  strength: 6,
  intelligence: 7,
  charisma: 8,
  gold: 9,
  delusion: 10,
  revenue: 11,
  inventory: ['Business card'],
};

describe('parseStatsConfig', () => {
  it('reads an array', () => {
    expect(parseStatsConfig([{ id: 'gold', name: 'Budget', defaultValue: 30 }])).toEqual([
      { id: 'gold', name: 'Budget', defaultValue: 30 },
    ]);
  });

  it('reads a JSON string, also one encoded twice', () => {
    const config = [{ id: 'health', name: 'SEO Ranking', defaultValue: '100', description: 'd' }];
    const once = JSON.stringify(config);
    expect(parseStatsConfig(once)).toEqual([
      { id: 'health', name: 'SEO Ranking', defaultValue: 100, description: 'd' },
    ]);
    expect(parseStatsConfig(JSON.stringify(once))).toEqual(parseStatsConfig(once));
  });

  it.each([
    [null],
    [undefined],
    ['null'],
    [' null '],
    ['[]'],
    [''],
    ['   '],
    [[]],
    ['{not json'],
    ['{"id":"gold","defaultValue":1}'],
    [{ id: 'gold', defaultValue: 1 }],
    [42],
    [[null, 3, 'gold']],
  ])('treats %o as unusable', (raw) => {
    expect(parseStatsConfig(raw)).toBeNull();
    expect(hasUsableStatsConfig(raw)).toBe(false);
  });

  it('drops entries without a string id or a numeric defaultValue', () => {
    const parsed = parseStatsConfig([
      { id: 'gold', defaultValue: 'abc' },
      { id: 'gold', defaultValue: '' },
      { id: '', defaultValue: 1 },
      { id: 7, defaultValue: 1 },
      { name: 'no id', defaultValue: 1 },
      { id: 'health' },
      { id: 'delusion', defaultValue: null },
      { id: 'revenue', defaultValue: '12.5' },
    ]);
    expect(parsed).toEqual([{ id: 'revenue', name: 'Revenue', defaultValue: 12.5 }]);
  });

  it('keeps the first of two entries with one id and names unnamed stats', () => {
    const parsed = parseStatsConfig([
      { id: 'gold', defaultValue: 1 },
      { id: 'gold', defaultValue: 2 },
      { id: 'custom', defaultValue: 3, name: '  ' },
    ]);
    expect(parsed).toEqual([
      { id: 'gold', name: 'Budget', defaultValue: 1 },
      { id: 'custom', name: 'custom', defaultValue: 3 },
    ]);
  });
});

describe('rebuildStats (entering a scene)', () => {
  it('sets each configured stat to its default and keeps the rest and the inventory', () => {
    const next = rebuildStats(
      [
        { id: 'gold', defaultValue: 30 },
        { id: 'intelligence', defaultValue: '15' },
      ],
      player,
    );
    expect(next).toEqual({ ...player, gold: 30, intelligence: 15 });
  });

  it('ignores unknown stat ids', () => {
    expect(rebuildStats([{ id: 'luck', defaultValue: 99 }], player)).toEqual(player);
  });

  it('changes nothing for an unusable config', () => {
    for (const raw of [null, 'null', '[]', '', 'garbage']) {
      expect(rebuildStats(raw, player)).toEqual(player);
    }
  });

  it('floors negative defaults at 0', () => {
    expect(rebuildStats([{ id: 'gold', defaultValue: -5 }], player).gold).toBe(0);
  });

  it('returns a copy', () => {
    const next = rebuildStats('[{"id":"gold","defaultValue":1}]', player);
    next.inventory.push('x');
    expect(player.inventory).toEqual(['Business card']);
    expect(player.gold).toBe(9);
  });
});

describe('initialStats (new game)', () => {
  it('starts every stat at 0 unless configured', () => {
    expect(initialStats([{ id: 'gold', defaultValue: 30 }])).toEqual({ ...ZERO_STATS, gold: 30 });
  });

  it('uses the no-config defaults when the scene has no usable config', () => {
    expect(initialStats(null)).toEqual(DEFAULT_STATS);
    expect(initialStats('[]')).toEqual(DEFAULT_STATS);
    expect(Object.isFrozen(initialStats(null))).toBe(false);
  });
});

describe('validateStatsConfig (admin save)', () => {
  it('accepts unique ids with numeric defaults and cleans them', () => {
    const result = validateStatsConfig([
      { id: 'gold', name: '', defaultValue: '30' },
      { id: 'stat-1', name: 'Coffee', defaultValue: 2, description: 'Cups', icon: 'cup' },
    ]);
    expect(result).toEqual({
      ok: true,
      config: [
        { id: 'gold', name: 'Budget', defaultValue: 30 },
        { id: 'stat-1', name: 'Coffee', defaultValue: 2, description: 'Cups', icon: 'cup' },
      ],
    });
  });

  it('reports missing ids, duplicate ids and non-numeric defaults', () => {
    const result = validateStatsConfig([
      { id: 'gold', defaultValue: 1 },
      { id: ' gold ', defaultValue: 2 },
      { id: '', name: 'Nameless', defaultValue: 3 },
      { id: 'health', name: 'Rank', defaultValue: 'high' },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        'Stat ID "gold" is used more than once',
        'Stat 3 needs an ID',
        'Default value of Rank must be a number',
      ],
    });
  });

  it('stores the save defaults for a scene with no stats', () => {
    const result = validateStatsConfig([]);
    expect(result).toEqual({ ok: true, config: SAVE_DEFAULT_STATS });
    if (result.ok) expect(Object.isFrozen(result.config[0])).toBe(false);
  });
});
