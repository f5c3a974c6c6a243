import { LESSON_PREFIX, RECEIPT_PREFIX } from './items.ts';
import { GRUMPY_BELOW } from './payday.ts';
import { SEARCH_POSITION_TOP_SCORE, searchPositionLabel } from './search-position.ts';
import { formatStat, toItemList } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

/**
 * What an ending lists (core/game/items.ts names the convention): lessons learned ('Lesson: …'
 * items) and shortcuts bought ('Bought: …'), prefixes removed, in the order collected, so an
 * ending remembers what this player actually did.
 */
export interface Recap {
  lessons: string[];
  bought: string[];
}

function withPrefix(items: string[], prefix: string): string[] {
  return items
    .filter((item) => item.startsWith(prefix))
    .map((item) => item.slice(prefix.length).trim())
    .filter((text) => text !== '');
}

/** Splits an inventory into the recap's lessons and purchases; other items are left out. */
export function recapOf(inventory: unknown): Recap {
  const items = toItemList(inventory);
  return { lessons: withPrefix(items, LESSON_PREFIX), bought: withPrefix(items, RECEIPT_PREFIX) };
}

/** One line of where a player stands at an ending: what the stats decided. */
export interface StandingLine {
  label: string;
  value: string;
  /** Why it mattered, when a rule of the game used it. */
  note?: string;
}

/**
 * Where the player stands at an ending, in the words of the game's rules: the search position
 * SEO Ranking gives, the Budget left, the Revenue the shop earned each night (product rules
 * "Play" 'Payday') and the Happiness that decided how much of it was banked.
 */
export function standingOf(stats: PlayerStats): StandingLine[] {
  const happy = stats.charisma >= GRUMPY_BELOW;
  return [
    {
      label: 'Search position',
      value: searchPositionLabel(stats.health),
      note: `SEO Ranking ${stats.health}; #1 needs ${SEARCH_POSITION_TOP_SCORE}`,
    },
    { label: 'Budget left', value: formatStat('gold', stats.gold) },
    {
      label: 'Sales a day',
      value: formatStat('revenue', stats.revenue),
      note: 'paid into the Budget at the end of each day',
    },
    {
      label: 'Happiness',
      value: String(stats.charisma),
      note: happy
        ? 'customers stayed'
        : `below ${GRUMPY_BELOW}: half of each night's sales walked away`,
    },
  ];
}
