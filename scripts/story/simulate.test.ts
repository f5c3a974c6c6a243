import { describe, expect, it } from 'vitest';
import type { RandomEvent } from '../../core/game/random-event.ts';
import { seededRandom } from './rng.ts';
import {
  firstPicker,
  lastPicker,
  type PlayOptions,
  playThrough,
  uniformPicker,
} from './simulate.ts';
import { byId, option, scene, smallStory } from './test-story.ts';
import type { StoryScene } from './types.ts';

const quiet: PlayOptions = { mode: 'none', events: [], random: () => 0, maxSteps: 50 };

function event(frequency: number, budget: number): RandomEvent {
  return {
    id: `e${frequency}`,
    title: 'Event',
    description: 'Something happens',
    media_type: 'image',
    media_url: null,
    video_embed_code: null,
    frequency,
    is_active: true,
    budget_change: budget,
    knowledge_change: 0,
    delusion_change: 0,
    revenue_change: 0,
    happiness_change: 0,
    traffic_change: 0,
    seo_ranking_change: 0,
  };
}

describe('playThrough', () => {
  it('applies changes and requirements through the end of day: first options win, last lose', () => {
    const story = byId(smallStory());
    const win = playThrough(story, firstPicker, quiet);
    expect(win).toMatchObject({ outcome: 'ending', sceneId: 'win', steps: 3 });
    expect(win.stats).toMatchObject({ health: 10, gold: 20 });
    // 'win' needs SEO Ranking 10, which the last intro option does not give.
    const lose = playThrough(story, lastPicker, quiet);
    expect(lose).toMatchObject({ outcome: 'ending', sceneId: 'lose', steps: 3 });
    // That intro option names no gold change, so it cost the default $5.
    expect(lose.stats).toMatchObject({ health: 0, gold: 15, charisma: 1 });
  });

  it("rebuilds stats from the next scene's stats_config (stats it does not name are kept)", () => {
    const story = smallStory().map((s) =>
      s.id === 'mid'
        ? { ...s, stats_config: [{ id: 'gold', name: 'Budget', defaultValue: 100 }] }
        : s,
    );
    const run = playThrough(byId(story), firstPicker, quiet);
    expect(run.stats).toMatchObject({ gold: 100, health: 10 });
  });

  it('adds signed-in events on their choice count, once a game, and ignores them in mode none', () => {
    const opts: PlayOptions = { ...quiet, mode: 'signed-in', events: [event(1, 7)] };
    expect(playThrough(byId(smallStory()), firstPicker, opts).stats.gold).toBe(20 + 7);
  });

  it('reports a run stuck on a scene whose options are all locked', () => {
    const story = smallStory().map((s) =>
      s.id === 'mid'
        ? { ...s, options: s.options.map((o) => ({ ...o, required_stats: { health: 99 } })) }
        : s,
    );
    expect(playThrough(byId(story), firstPicker, quiet)).toMatchObject({
      outcome: 'stuck',
      sceneId: 'mid',
    });
  });

  it('stops at the step cap in a loop', () => {
    const loop: StoryScene[] = [
      scene('intro', { options: [option('intro', 1, 'a'), option('intro', 2, 'a')] }),
      scene('a', { options: [option('a', 1, 'intro'), option('a', 2, 'intro')] }),
    ];
    expect(playThrough(byId(loop), firstPicker, { ...quiet, maxSteps: 7 })).toMatchObject({
      outcome: 'step-cap',
      steps: 7,
    });
  });

  it('never picks pending links', () => {
    const story = smallStory().map((s) =>
      s.id === 'mid' ? { ...s, options: [option('mid', 1, 'pending-x'), ...s.options] } : s,
    );
    expect(playThrough(byId(story), firstPicker, quiet).sceneId).toBe('win');
  });

  it("gives guests the content's events on the guest timing, each once a game", () => {
    const free = { stats_changes: { gold: 0 } };
    const loop: StoryScene[] = [
      scene('intro', { options: [option('intro', 1, 'a', free), option('intro', 2, 'a', free)] }),
      scene('a', { options: [option('a', 1, 'intro', free), option('a', 2, 'intro', free)] }),
    ];
    const base = { ...quiet, maxSteps: 20, random: () => 0 };
    const start = playThrough(byId(loop), firstPicker, base).stats.gold;
    const guest = playThrough(byId(loop), firstPicker, {
      ...base,
      mode: 'guest',
      events: [event(3, 7), event(4, 100)],
    });
    // 20 choices reach scenes 2..21: events may fall on scenes 4, 8, 10, 12, ... (not the first
    // choice, not right after the ad scenes 5 and 15), but each event shows once a game.
    expect(guest.stats.gold - start).toBe(7 + 100);
  });

  it('gives the same runs for the same seed', () => {
    const runs = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, () =>
        playThrough(byId(smallStory()), uniformPicker(random), { ...quiet, mode: 'guest', random }),
      );
    };
    expect(runs(7)).toEqual(runs(7));
    expect(new Set(runs(7).map((r) => r.sceneId))).toEqual(new Set(['win', 'lose']));
  });
});
