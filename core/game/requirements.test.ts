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
