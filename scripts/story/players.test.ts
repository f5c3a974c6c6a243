import { describe, expect, it } from 'vitest';
import { checkPlayers, type PlayerSettings } from './players.ts';
import { option, scene, smallStory } from './test-story.ts';
import type { StoryScene } from './types.ts';

const rules = { best: 'win', top: ['win'], bad: ['lose'], spamItem: 'Spam Flag' };
const settings: PlayerSettings = {
  seed: 7,
  maxSteps: 20,
  randomPlayers: 200,
  maxShare: 0.8,
  guestSeeds: 2,
};

/**
 * The small test story with a choice at intro: a lesson (+20 SEO Ranking, which 'win' needs; guest events add at most 10 here) or
 * a shortcut purchase (to `shortcutTo`). `winNeeds` replaces what the winning option requires.
 */
function story(
  winNeeds: Partial<StoryScene['options'][number]> = { required_stats: { health: 20 } },
  shortcutTo = 'shop',
) {
  const shop = scene('shop', {
    options: [
      option('shop', 1, 'day-end', { stats_changes: { gold: 0 } }),
      option('shop', 2, 'day-end', { stats_changes: { gold: 0, charisma: 1 } }),
    ],
  });
  return [...smallStory(), shop].map((s) => {
    if (s.id === 'intro') {
      return {
        ...s,
        options: [
          option('intro', 1, 'day-end', {
            stats_changes: { health: 20, gold: 0, addInventory: ['Lesson: do it properly'] },
          }),
          option('intro', 2, shortcutTo, {
            stats_changes: { gold: -10, addInventory: ['Bought: a shortcut'] },
          }),
        ],
      };
    }
    if (s.id === 'mid') {
      return {
        ...s,
        options: [
          option('mid', 1, 'win', {
            stats_changes: { gold: 0 },
            required_stats: null,
            ...winNeeds,
          }),
          option('mid', 2, 'lose', { stats_changes: { gold: 0 } }),
        ],
      };
    }
    return s;
  });
}

const messages = (scenes: StoryScene[], s: PlayerSettings = settings) =>
  checkPlayers(scenes, [], rules, s).problems.map((p) => `${p.where}: ${p.message}`);

describe('checkPlayers', () => {
  it('passes a story where shortcuts lose and the sound choices win, and reports the figures', () => {
    const report = checkPlayers(story(), [], rules, settings);
    expect(report.problems.map((p) => p.message)).toEqual([]);
    const text = report.lines.join('\n');
    expect(text).toContain('options leading to a scene of their own: 4 of 8');
    expect(text).toContain('buy every shortcut: lose after 4 choices; bought: a shortcut');
    expect(text).toContain('always the sound choice: win after 3 choices, 1 lessons');
    expect(text).toMatch(/200 random players .*\n {2}win +\d+\.\d %\n {2}lose +\d+\.\d %/);
    expect(text).toContain('every scene has an option a player with $0 can take');
    // No events, signed-in events and two guest seeds for each of the two fixed players.
    expect(report.results.length).toBe(4 + 200);
    expect(report.guestResults.length).toBe(4);
  });

  it('fails when the shortcut buyer can reach the best ending', () => {
    expect(messages(story({ required_stats: null }))).toContain(
      'buy every shortcut player: ends at win (no events); shortcuts must lead to lose',
    );
  });

  it('fails when the sound player cannot reach the best ending', () => {
    expect(messages(story({ required_items: ['Bought: a shortcut'] }))).toContain(
      'always the sound choice player: ends at lose (no events); the sound choices must reach win',
    );
  });

  it('fails when one ending takes too many random players, or fewer than half the options have their own scene', () => {
    const problems = messages(story(undefined, 'day-end'), { ...settings, maxShare: 0.7 });
    expect(
      problems.some((p) => /^scene 'lose': \d+\.\d % of 200 random players end here/.test(p)),
    ).toBe(true);
    expect(problems).toContain(
      'story: only 25.0 % of options lead to a scene of their own (needs at least 50.0 %)',
    );
  });

  it('fails when a scene leaves a broke player no option', () => {
    const paid = { stats_changes: { gold: -50 } };
    const trapped = story().map((s) =>
      s.id === 'day-end'
        ? { ...s, options: [option('day-end', 1, 'mid', paid), option('day-end', 2, 'mid', paid)] }
        : s,
    );
    const problems = messages(trapped);
    expect(problems).toContain(
      "scene 'day-end': every option costs Budget: a player with $0 would be locked in (add a free option)",
    );
    expect(problems.some((p) => p.startsWith("scene 'day-end': a random player stuck here"))).toBe(
      true,
    );
  });
});
