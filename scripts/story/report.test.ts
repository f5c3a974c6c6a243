import { describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../core/game/stats.ts';
import { balanceProblems, formatSummary, summarise, unreachedEndings } from './report.ts';
import type { PlayResult } from './simulate.ts';
import { smallStory } from './test-story.ts';

const run = (
  sceneId: string,
  gold: number,
  outcome: PlayResult['outcome'] = 'ending',
): PlayResult => ({
  outcome,
  sceneId,
  steps: 3,
  stats: { ...ZERO_STATS, gold, inventory: [] },
  peaks: { ...ZERO_STATS, gold },
  budgetLocks: 0,
  events: 0,
  advertisements: 0,
  ...(outcome === 'stuck' ? { detail: 'no option is open' } : {}),
});

describe('summarise', () => {
  it('counts every ending, even unreached, with stat ranges', () => {
    const s = summarise([run('win', 10), run('win', 30), run('mid', 0, 'step-cap')], smallStory());
    expect(s.endings.map((e) => [e.id, e.count, e.share])).toEqual([
      ['win', 2, 2 / 3],
      ['lose', 0, 0],
    ]);
    expect(s.endings[0]!.stats!.gold).toEqual({ min: 10, max: 30, mean: 20 });
    expect(s.endings[1]!.stats).toBeNull();
    expect(s.stepCap).toBe(1);
    expect(formatSummary(s).join('\n')).toContain('Budget 10..30 ~20');
  });
});

describe('balanceProblems', () => {
  it('flags runs that got stuck, once per scene and reason', () => {
    const results = [run('win', 0), run('mid', 0, 'stuck'), run('mid', 0, 'stuck')];
    const problems = balanceProblems(summarise(results, smallStory()), 'guest');
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      "scene 'mid': 2 guest run(s) stuck here: no option is open",
    ]);
  });
});

describe('unreachedEndings', () => {
  it('names the endings no run reached', () => {
    expect(unreachedEndings(smallStory(), [run('win', 0), run('mid', 0, 'stuck')])).toEqual([
      { where: "scene 'lose'", message: 'no simulated player reaches this ending' },
    ]);
    expect(unreachedEndings(smallStory(), [run('win', 0), run('lose', 0)])).toEqual([]);
  });
});
