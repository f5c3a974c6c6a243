import { describe, expect, it } from 'vitest';
import { diffParts, diffStats, formatStatDelta } from './stat-diff.ts';
import { ZERO_STATS } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

const base: PlayerStats = { ...ZERO_STATS, gold: 30, intelligence: 10, inventory: ['Hat'] };

describe('diffStats', () => {
  it('lists changed stats in stat order, then items gained and lost', () => {
    const after: PlayerStats = {
      ...base,
      gold: 25,
      intelligence: 15,
      health: 3,
      inventory: ['Business card'],
    };
    const diff = diffStats(base, after);
    expect(diff).toEqual({
      stats: [
        { stat: 'health', delta: 3 },
        { stat: 'intelligence', delta: 5 },
        { stat: 'gold', delta: -5 },
      ],
      gained: ['Business card'],
      lost: ['Hat'],
    });
    expect(diffParts(diff).join(' · ')).toBe(
      '+3 SEO Ranking · +5 Knowledge · −$5 Budget · gained Business card · lost Hat',
    );
  });

  it('is empty when nothing changed', () => {
    const diff = diffStats(base, { ...base, inventory: ['Hat'] });
    expect(diff).toEqual({ stats: [], gained: [], lost: [] });
    expect(diffParts(diff).join(' · ')).toBe('');
  });

  it('says nothing of story flags; lessons are learned, purchases bought', () => {
    const diff = diffStats(base, {
      ...base,
      inventory: ['Flag: Clean Record', 'Lesson: Unique titles', 'Bought: Platinum backlinks'],
    });
    expect(diffParts(diff).join(' · ')).toBe(
      'learned Unique titles · bought Platinum backlinks · lost Hat',
    );
    const flagOnly = diffStats(base, { ...base, inventory: ['Hat', 'Flag: Spam'] });
    expect(diffParts(flagOnly).join(' · ')).toBe('');
  });
});

describe('formatStatDelta', () => {
  it("puts '$' on Budget and Revenue and uses a real minus sign", () => {
    expect(formatStatDelta({ stat: 'gold', delta: -30 })).toBe('−$30 Budget');
    expect(formatStatDelta({ stat: 'revenue', delta: 15 })).toBe('+$15 Revenue');
    expect(formatStatDelta({ stat: 'charisma', delta: -2 })).toBe('−2 Happiness');
  });
});
