import { describe, expect, it } from 'vitest';
import { CHANGE_COLUMN_NAMES, CHANGE_COLUMNS, optionStatChanges } from './change-columns.ts';
import { applyStatChanges, ZERO_STATS } from './stats.ts';

describe('change columns', () => {
  it('map each *_change column to its stat (product rules "Limits")', () => {
    expect(CHANGE_COLUMNS).toEqual({
      budget_change: 'gold',
      knowledge_change: 'intelligence',
      delusion_change: 'delusion',
      revenue_change: 'revenue',
      happiness_change: 'charisma',
      traffic_change: 'strength',
      seo_ranking_change: 'health',
    });
    expect(CHANGE_COLUMN_NAMES).toHaveLength(7);
  });
});

describe('optionStatChanges', () => {
  it('uses stats_changes as stored (object or JSON text)', () => {
    expect(optionStatChanges({ stats_changes: { gold: -3, addInventory: ['Map'] } })).toEqual({
      gold: -3,
      addInventory: ['Map'],
    });
    expect(optionStatChanges({ stats_changes: '{"revenue":"4"}' })).toEqual({ revenue: 4 });
  });

  it('fills stats not named in stats_changes from the older columns', () => {
    const changes = optionStatChanges({
      stats_changes: { gold: -3 },
      budget_change: -10,
      knowledge_change: 5,
      traffic_change: null,
    });
    expect(changes).toEqual({ gold: -3, intelligence: 5 });
  });

  it('makes an admin-saved option cost its budget_change instead of the default 5 gold', () => {
    const option = { stats_changes: null, budget_change: -10, knowledge_change: 5 };
    const next = applyStatChanges({ ...ZERO_STATS, gold: 30 }, optionStatChanges(option));
    expect(next.gold).toBe(20);
    expect(next.intelligence).toBe(5);
  });

  it('leaves the default cost in place when nothing names gold', () => {
    const next = applyStatChanges({ ...ZERO_STATS, gold: 30 }, optionStatChanges({}));
    expect(next.gold).toBe(25);
  });
});
