import { describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../core/game/stats.ts';
import {
  budgetToTake,
  budgetTrapProblems,
  ownSceneShare,
  rangeProblems,
  STAT_RANGES,
  statPeaks,
} from './game-checks.ts';
import type { PlayResult } from './simulate.ts';
import { option, scene, smallStory } from './test-story.ts';

describe('ownSceneShare', () => {
  it('counts options whose next scene no sibling shares', () => {
    // intro: both to day-end (0 of 2); day-end: both to mid (0 of 2); mid: win and lose (2 of 2).
    expect(ownSceneShare(smallStory())).toEqual({ own: 2, total: 6, share: 2 / 6 });
  });

  it('leaves out options with no next scene', () => {
    const s = scene('a', {
      options: [option('a', 1, 'b'), option('a', 2, null, { next_url: 'https://example.com' })],
    });
    expect(ownSceneShare([s])).toEqual({ own: 1, total: 1, share: 1 });
  });
});

describe('budget locks', () => {
  it('takes the higher of the price and a Budget requirement', () => {
    expect(budgetToTake(option('a', 1, 'b', { stats_changes: { gold: -30 } }))).toBe(30);
    expect(
      budgetToTake(
        option('a', 1, 'b', { stats_changes: { gold: -10 }, required_stats: { gold: 40 } }),
      ),
    ).toBe(40);
    expect(budgetToTake(option('a', 1, 'b', { stats_changes: { gold: 15 } }))).toBe(0);
    // The unnamed default cost never locks.
    expect(budgetToTake(option('a', 1, 'b'))).toBe(0);
  });

  it('flags a scene where every option costs Budget, not one with a free way on', () => {
    const paid = { stats_changes: { gold: -20 } };
    const trap = scene('shop', {
      options: [option('shop', 1, 'x', paid), option('shop', 2, 'y', paid)],
    });
    const fine = scene('fine', { options: [option('fine', 1, 'x', paid), option('fine', 2, 'y')] });
    expect(budgetTrapProblems([trap, fine, ...smallStory()]).map((p) => p.where)).toEqual([
      "scene 'shop'",
    ]);
  });
});

describe('stat ranges', () => {
  const result = (health: number): PlayResult => ({
    outcome: 'ending',
    sceneId: 'win',
    steps: 1,
    stats: { ...ZERO_STATS, inventory: [] },
    peaks: { ...ZERO_STATS, health },
    budgetLocks: 0,
    events: 0,
    advertisements: 0,
  });

  it('finds the peak of each stat over all runs and flags one above its range', () => {
    const peaks = statPeaks([result(40), result(STAT_RANGES.health[1] + 1)]);
    expect(peaks.health).toBe(101);
    expect(rangeProblems(peaks, 'a test')).toEqual([
      {
        where: 'stats',
        message: 'SEO Ranking reaches 101 in a test, above its stated range 0-100',
      },
    ]);
    expect(rangeProblems(statPeaks([result(100)]), 'a test')).toEqual([]);
  });
});
