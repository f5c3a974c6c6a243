import { describe, expect, it } from 'vitest';
import { soundStrategy, watchBudget } from './strategies.ts';
import { option, scene } from './test-story.ts';
import {
  delayedConsequences,
  dominance,
  gatesPerStat,
  priceTextProblems,
  recoveryPaths,
} from './tradeoffs.ts';

const stats = {
  health: 0,
  strength: 0,
  intelligence: 0,
  charisma: 0,
  gold: 10,
  delusion: 0,
  revenue: 0,
  inventory: [],
};

describe('dominance', () => {
  it('finds a scene where one option is at least as good on every stat (Delusion in reverse)', () => {
    const quiz = scene('quiz', {
      options: [
        option('quiz', 1, 'end', { stats_changes: { gold: 0, health: 5 } }),
        option('quiz', 2, 'end', { stats_changes: { gold: 0, delusion: 2 } }),
      ],
    });
    const dilemma = scene('dilemma', {
      options: [
        option('dilemma', 1, 'end', { stats_changes: { gold: -20, health: 5 } }),
        option('dilemma', 2, 'end', { stats_changes: { gold: 0, charisma: 3 } }),
      ],
    });
    const d = dominance([quiz, dilemma]);
    expect(d.choice).toBe(2);
    expect(d.dominated).toEqual(['quiz (quiz--1)']);
    expect(d.share).toBe(0.5);
  });

  it('leaves out options behind a story flag (another branch)', () => {
    const branch = scene('branch', {
      options: [
        option('branch', 1, 'end', { stats_changes: { gold: 0, health: 5 } }),
        option('branch', 2, 'end', { required_items: ['Flag: Other'] }),
      ],
    });
    expect(dominance([branch]).choice).toBe(0);
  });
});

describe('gates, delayed consequences, recoveries and prices', () => {
  const day1 = scene('d1', {
    day: 1,
    options: [
      option('d1', 1, 'd2', {
        stats_changes: { gold: -30, addInventory: ['Flag: Blocked'] },
        required_stats: { intelligence: 12 },
        text: 'Block it (-$30)',
      }),
      option('d1', 2, 'd2', { stats_changes: { gold: 0 }, text: 'Wait (-$5)' }),
    ],
  });
  const day2 = scene('d2', {
    day: 2,
    options: [
      option('d2', 1, 'end', {
        stats_changes: { gold: 0, strength: -6, removeInventory: ['Flag: Blocked'] },
        required_items: ['Flag: Blocked'],
        required_stats: { intelligence: 1, charisma: 0 },
      }),
      option('d2', 2, 'end', { stats_changes: { gold: 0, removeInventory: ['Flag: Blocked'] } }),
    ],
  });

  it('counts each stat gate above 0', () => {
    const gates = gatesPerStat([day1, day2]);
    expect(gates.intelligence).toBe(2);
    expect(gates.charisma).toBe(0);
  });

  it('counts an item set on one day and required on a later one', () => {
    expect(delayedConsequences([day1, day2])).toEqual(['Flag: Blocked (day 1 -> d2, day 2)']);
    expect(delayedConsequences([{ ...day2, day: 1 }, day1])).toEqual([]);
  });

  it('counts a recovery only when it costs something real', () => {
    expect(recoveryPaths([day1, day2])).toEqual(['d2--1 (costs strength)']);
  });

  it("flags words that name another price than the option's Budget change", () => {
    expect(priceTextProblems([day1, day2])).toEqual(['d1--2 says $-5 but changes Budget by $0']);
  });
});

describe('sound strategies', () => {
  const s = scene('s', {
    options: [
      option('s', 1, 'end', {
        stats_changes: { gold: -30, health: 8, addInventory: ['Lesson: A'] },
      }),
      option('s', 2, 'end', {
        stats_changes: { gold: 0, health: 8, charisma: -5, addInventory: ['Lesson: A'] },
      }),
      option('s', 3, 'end', {
        stats_changes: { gold: 0, health: 12, addInventory: ['Flag: Spam'] },
      }),
    ],
  });
  const ending = { best: 'win', others: new Set(['lose']) };
  const at = { scene: s, stats: { ...stats, gold: 50 } };

  it('A does the work itself, B pays while its reserve lasts; neither keeps a trick', () => {
    expect(soundStrategy('Flag: Spam', -1, ending)(s.options, at).id).toBe('s--2');
    expect(soundStrategy('Flag: Spam', 1, ending, 10)(s.options, at).id).toBe('s--1');
    expect(soundStrategy('Flag: Spam', 1, ending, 30)(s.options, at).id).toBe('s--2');
  });

  it('notes the first day a sound investment costs more than the player has', () => {
    const watch = watchBudget(soundStrategy('Flag: Spam', 1, ending), 'Flag: Spam');
    watch.pick(s.options, { scene: { ...s, day: 2 }, stats: { ...stats, gold: 20 } });
    watch.pick(s.options, { scene: { ...s, day: 3 }, stats: { ...stats, gold: 5 } });
    expect(watch.seen.day).toBe(2);
  });
});
