import type { StatKey } from './stats.types.ts';

/** Whether more of a stat is good for the player or bad. */
type StatDirection = 'higher-is-better' | 'lower-is-better';

/** What a stat means to a player, and which way is good (the legend beside the stats). */
export interface StatMeaning {
  direction: StatDirection;
  help: string;
}

/**
 * The seven stats explained in a sentence each (docs/scene-layout.md "Stats"). Delusion is the
 * one stat where more is worse: believing in shortcuts gets a shop into trouble.
 */
export const STAT_MEANINGS: Readonly<Record<StatKey, StatMeaning>> = Object.freeze({
  health: {
    direction: 'higher-is-better',
    help: 'Your SEO score, 0 to 150: how well search engines rate the shop. It decides your search position (#1 from 90).',
  },
  strength: { direction: 'higher-is-better', help: 'Visitors reaching the shop, 0 to 100.' },
  intelligence: {
    direction: 'higher-is-better',
    help: 'What you know about how search really works, 0 to 100.',
  },
  charisma: {
    direction: 'higher-is-better',
    help: 'Your mood and the goodwill of the people around you, 0 to 100.',
  },
  gold: {
    direction: 'higher-is-better',
    help: 'Money left to spend, $0 to $500. An option that costs more than you have is locked. Each night the Revenue of the day is paid in.',
  },
  delusion: {
    direction: 'lower-is-better',
    help: 'How much you believe in shortcuts, 0 to 100. Lower is better.',
  },
  revenue: {
    direction: 'higher-is-better',
    help: 'What the shop sells in a day, $0 to $300, paid into your Budget each night (half when Happiness is below 20).',
  },
});

/** Whether a change of `delta` to `stat` helps the player ('good') or hurts ('bad'). */
export function changeTone(stat: StatKey, delta: number): 'good' | 'bad' | 'none' {
  if (delta === 0) return 'none';
  const up = delta > 0;
  return up === (STAT_MEANINGS[stat].direction === 'higher-is-better') ? 'good' : 'bad';
}

/** What the search position means, for the legend. */
export const SEARCH_POSITION_HELP =
  "Where the shop shows up when someone searches for 'handmade hats'. A higher SEO Ranking moves it up; #1 is the goal.";

/** Said in place of the position until the story shows it. */
export const SEARCH_POSITION_HIDDEN_HELP =
  'You find out where the shop ranks when you check the search results.';
