import { describe, expect, it } from 'vitest';
import { gainProblems, shortcutGains, shortcutPlayers } from './shortcuts.ts';
import { INTRO_CONFIG, option, scene } from './test-story.ts';
import type { StoryScene } from './types.ts';

const SPAM = 'Flag: Spam';
const SC = 'Flag: Shortcut: bought links';
const rules = {
  top: ['win'],
  best: 'win',
  spamItem: SPAM,
  billItems: [SPAM],
  seed: 1,
  maxSteps: 50,
  games: 20,
  ads: [],
};

/**
 * intro: honest work (+10 SEO) or bought links (`buy` SEO). Bought links lead to a scene where
 * they are cleaned up (`clean` SEO) or kept (spam flag). At 'check' a spam flag loses; SEO 10 wins.
 */
function story(buy: number, clean: number): StoryScene[] {
  return [
    scene('intro', {
      is_start: true,
      stats_config: INTRO_CONFIG,
      options: [
        option('intro', 1, 'check', { stats_changes: { gold: 0, health: 10 } }),
        option('intro', 2, 'links', {
          stats_changes: { gold: 0, health: buy, addInventory: [SC] },
        }),
      ],
    }),
    scene('links', {
      options: [
        option('links', 1, 'check', {
          stats_changes: { gold: 0, health: clean, removeInventory: [SC] },
        }),
        option('links', 2, 'check', { stats_changes: { gold: 0, addInventory: [SPAM] } }),
      ],
    }),
    scene('check', {
      options: [
        option('check', 1, 'win', { stats_changes: { gold: 0 }, required_stats: { health: 10 } }),
        option('check', 2, 'lose', {
          stats_changes: { gold: 0, health: -100 },
          required_items: [SPAM],
        }),
        option('check', 3, 'lose', { stats_changes: { gold: 0 } }),
      ],
    }),
    scene('win', { is_ending: true }),
    scene('lose', { is_ending: true }),
  ];
}

describe('shortcutGains', () => {
  it('passes when a shortcut, cleaned up or kept, ends no higher than skipping it', () => {
    const gains = shortcutGains(story(0, 0), rules);
    expect(gains.map((g) => [g.option.id, g.reached, g.skip, g.clean, g.keep])).toEqual([
      ['intro--2', true, 10, 0, 0],
    ]);
    expect(gainProblems(gains)).toEqual([]);
  });

  it('fails when taking the shortcut and cleaning it up keeps a gain', () => {
    const problems = gainProblems(shortcutGains(story(6, 6), rules));
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      "scene 'intro' option 'intro--2': taken and cleaned up ends with SEO Ranking 12; skipped, 10: a shortcut must never pay",
    ]);
  });
});

describe('shortcutPlayers', () => {
  it('counts the games in which the shortcut players reach #1', () => {
    const [keep, clean] = shortcutPlayers(story(0, 0), [], rules);
    expect([keep!.top, clean!.top, keep!.results.length]).toEqual([0, 0, 20]);
    // A shortcut worth 10 SEO Ranking, cleaned up for free, takes the clean-up player to #1.
    const [, paid] = shortcutPlayers(story(10, 0), [], rules);
    expect(paid!.top).toBe(20);
  });
});
