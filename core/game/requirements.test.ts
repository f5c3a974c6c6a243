import { describe, expect, it } from 'vitest';
import { checkRequirements } from './requirements.ts';
import { ZERO_STATS } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

const stats: PlayerStats = {
  ...ZERO_STATS,
  intelligence: 20,
  gold: 30,
  inventory: ['Business card', 'Hat'],
};

describe('checkRequirements', () => {
  it('unlocks an option without requirements', () => {
    for (const req of [
      {},
      { required_stats: null, required_items: null },
      { required_items: [] },
    ]) {
      expect(checkRequirements(stats, req)).toEqual({ locked: false, reason: null });
    }
  });

  it('unlocks when every stat is at least its minimum', () => {
    expect(checkRequirements(stats, { required_stats: { intelligence: 20, gold: '30' } })).toEqual({
      locked: false,
      reason: null,
    });
  });

  it('locks with the stat label and minimum', () => {
    expect(checkRequirements(stats, { required_stats: { intelligence: 21 } })).toEqual({
      locked: true,
      reason: 'Requires Knowledge 21',
    });
    expect(checkRequirements(stats, { required_stats: '{"gold":50}' }).reason).toBe(
      'Requires Budget $50',
    );
  });

  it('locks when an item is missing', () => {
    const noCard = { ...stats, inventory: ['Hat'] };
    expect(checkRequirements(noCard, { required_items: ['Business card'] })).toEqual({
      locked: true,
      reason: 'Requires item: Business card',
    });
    expect(checkRequirements(noCard, { required_items: '["Map","Key","Hat"]' }).reason).toBe(
      'Requires items: Map, Key',
    );
    expect(checkRequirements(stats, { required_items: ['Business card'] }).locked).toBe(false);
  });

  it('lists every failing requirement', () => {
    const check = checkRequirements(stats, {
      required_stats: { revenue: 1, health: 5 },
      required_items: ['Map'],
    });
    expect(check).toEqual({
      locked: true,
      reason: 'Requires SEO Ranking 5; Requires Revenue $1; Requires item: Map',
    });
  });

  it('ignores unknown stat keys and unreadable requirement values', () => {
    expect(checkRequirements(stats, { required_stats: { luck: 99 } }).locked).toBe(false);
    expect(
      checkRequirements(stats, { required_stats: 'garbage', required_items: '[' }).locked,
    ).toBe(false);
  });
});

describe('budget lock', () => {
  const poor: PlayerStats = { ...ZERO_STATS, gold: 25, inventory: [] };

  it('locks an option that costs more than the budget, naming the price', () => {
    expect(checkRequirements(poor, { stats_changes: { gold: -30, intelligence: 10 } })).toEqual({
      locked: true,
      reason: 'Requires Budget $30',
    });
    expect(checkRequirements(poor, { budget_change: -26 }).reason).toBe('Requires Budget $26');
    expect(checkRequirements(poor, { stats_changes: '{"gold":-40}' }).reason).toBe(
      'Requires Budget $40',
    );
  });

  it('allows an option that costs exactly the budget or less', () => {
    expect(checkRequirements(poor, { stats_changes: { gold: -25 } }).locked).toBe(false);
    expect(checkRequirements(poor, { budget_change: -5 }).locked).toBe(false);
  });

  it('never locks free options, options that pay, or the unnamed default cost', () => {
    const broke: PlayerStats = { ...ZERO_STATS, inventory: [] };
    for (const option of [
      { stats_changes: { gold: 0 } },
      { stats_changes: { gold: 15 } },
      { stats_changes: { intelligence: 5 } },
      {},
    ]) {
      expect(checkRequirements(broke, option)).toEqual({ locked: false, reason: null });
    }
  });

  it('names Budget once, at the higher of its minimum and the price', () => {
    expect(
      checkRequirements(poor, { required_stats: { gold: 50 }, stats_changes: { gold: -30 } })
        .reason,
    ).toBe('Requires Budget $50');
    expect(
      checkRequirements(poor, { required_stats: { gold: 10 }, stats_changes: { gold: -30 } })
        .reason,
    ).toBe('Requires Budget $30');
  });

  it('lists the price in stat order with other failing requirements', () => {
    expect(
      checkRequirements(poor, {
        required_stats: { intelligence: 5, revenue: 1 },
        required_items: ['Map'],
        stats_changes: { gold: -30 },
      }).reason,
    ).toBe('Requires Knowledge 5; Requires Budget $30; Requires Revenue $1; Requires item: Map');
  });
});

describe('story flags in required_items', () => {
  const stats = { ...ZERO_STATS, inventory: ['Flag: Clean Record', 'Bought: Platinum backlinks'] };
  it('unlock like any item when held', () => {
    expect(checkRequirements(stats, { required_items: ['Flag: Clean Record'] })).toEqual({
      locked: false,
      reason: null,
    });
  });

  it('hide the option when missing, and no reason names them', () => {
    expect(checkRequirements(stats, { required_items: ['Flag: Spam'] })).toEqual({
      locked: true,
      reason: 'Not available on your path',
      hidden: true,
    });
    expect(
      checkRequirements(stats, {
        required_items: ['Flag: Spam', 'Map'],
        required_stats: { intelligence: 5 },
      }),
    ).toEqual({ locked: true, reason: 'Requires Knowledge 5; Requires item: Map', hidden: true });
  });

  it('name a missing purchase or lesson by its label', () => {
    expect(
      checkRequirements(ZERO_STATS, { required_items: ['Bought: Platinum backlinks'] }),
    ).toEqual({ locked: true, reason: 'Requires item: Platinum backlinks' });
  });
});
