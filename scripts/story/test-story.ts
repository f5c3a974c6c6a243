import type { StoryOption, StoryScene } from './types.ts';

/** A description of exactly `n` words (for the 80-250 word rule). */
export function words(n: number): string {
  return Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
}

/** An option of `sceneId` (numbered `n`) for test stories. */
export function option(
  sceneId: string,
  n: number,
  next: string | null,
  extra: Partial<StoryOption> = {},
): StoryOption {
  return {
    id: `${sceneId}--${n}`,
    text: `Option ${n}`,
    next_scenario_id: next,
    stats_changes: {},
    ...extra,
  };
}

/** A valid scene for test stories; `extra` overrides any field. */
export function scene(id: string, extra: Partial<StoryScene> = {}): StoryScene {
  return {
    id,
    title: `Title ${id}`,
    subtitle: `Subtitle ${id}`,
    description: words(100),
    stats_config: null,
    day: 1,
    is_end_of_day: false,
    is_ending: false,
    is_start: false,
    options: [],
    ...extra,
  };
}

/** Every stat at 0 except Budget 20: the intro checkpoint of the test story. */
export const INTRO_CONFIG = [
  { id: 'health', name: 'SEO Ranking', defaultValue: 0 },
  { id: 'strength', name: 'Traffic', defaultValue: 0 },
  { id: 'intelligence', name: 'Knowledge', defaultValue: 0 },
  { id: 'charisma', name: 'Happiness', defaultValue: 0 },
  { id: 'gold', name: 'Budget', defaultValue: 20 },
  { id: 'delusion', name: 'Delusion', defaultValue: 0 },
  { id: 'revenue', name: 'Revenue', defaultValue: 0 },
];

/**
 * A small valid story: intro (day 1) → end of day 1 → 'mid' (day 2) → two endings. 'win' needs
 * SEO Ranking 10, which only intro's first option gives; intro's second option names no gold
 * change, so it costs the default $5.
 */
export function smallStory(): StoryScene[] {
  return [
    scene('intro', {
      is_start: true,
      stats_config: INTRO_CONFIG,
      options: [
        option('intro', 1, 'day-end', { stats_changes: { health: 10, gold: 0 } }),
        option('intro', 2, 'day-end'),
      ],
    }),
    scene('day-end', {
      is_end_of_day: true,
      options: [
        option('day-end', 1, 'mid', { stats_changes: { gold: 0 } }),
        option('day-end', 2, 'mid', { stats_changes: { gold: 0, charisma: 1 } }),
      ],
    }),
    scene('mid', {
      day: 2,
      options: [
        option('mid', 1, 'win', { stats_changes: { gold: 0 }, required_stats: { health: 10 } }),
        option('mid', 2, 'lose', { stats_changes: { gold: 0 } }),
      ],
    }),
    scene('win', { day: 2, is_ending: true }),
    scene('lose', { day: 2, is_ending: true }),
  ];
}

/** The scenes of a story by id, as the simulation takes them. */
export function byId(scenes: readonly StoryScene[]): Map<string, StoryScene> {
  return new Map(scenes.map((s) => [s.id, s]));
}
