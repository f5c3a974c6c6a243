import { isLesson, itemLabel, LESSON_PREFIX, RECEIPT_PREFIX } from './items.ts';
import { closeTheDay, GRUMPY_BELOW } from './payday.ts';
import { SEARCH_POSITION_TOP_SCORE, searchPositionLabel } from './search-position.ts';
import { formatStat, toItemList } from './stats.ts';
import type { PlayerStats } from './stats.types.ts';

/**
 * What an ending lists (core/game/items.ts names the convention): lessons learned ('Lesson: …'
 * items) and shortcuts bought ('Bought: …'), prefixes removed, in the order collected, so an
 * ending remembers what this player actually did; and the game day each lesson was learned on
 * (`lessonDays`, by lesson; a lesson whose day is not known is left out of it).
 */
export interface Recap {
  lessons: string[];
  bought: string[];
  lessonDays: Record<string, number>;
}

/** One decision of a game as the recap reads it: the day of its scene and the items it added. */
export interface RecapStep {
  day: number | null;
  added: readonly string[];
}

/**
 * The day each lesson was learned (docs/product-rules.md "Play" 'Lessons at the moment'): the
 * day of the scene whose decision first added it, in the order the game was played. A scene
 * without a day counts as the last day seen before it (a side scene of day 2 is on day 2);
 * lessons added before any day are left out. Keys are lesson labels ('Lesson: ' removed).
 */
export function lessonDaysOf(steps: readonly RecapStep[]): Record<string, number> {
  const days: Record<string, number> = {};
  let day: number | null = null;
  for (const step of steps) {
    if (step.day !== null && Number.isFinite(step.day)) day = step.day;
    if (day === null) continue;
    for (const item of step.added) {
      if (!isLesson(item)) continue;
      const label = itemLabel(item);
      if (label !== '' && !(label in days)) days[label] = day;
    }
  }
  return days;
}

function withPrefix(items: string[], prefix: string): string[] {
  return items
    .filter((item) => item.startsWith(prefix))
    .map((item) => item.slice(prefix.length).trim())
    .filter((text) => text !== '');
}

/**
 * Splits an inventory into the recap's lessons and purchases (other items are left out), with
 * the days of the lessons it holds (`lessonDaysOf`).
 */
export function recapOf(inventory: unknown, days: Record<string, number> = {}): Recap {
  const items = toItemList(inventory);
  const lessons = withPrefix(items, LESSON_PREFIX);
  const lessonDays: Record<string, number> = {};
  for (const lesson of lessons) {
    const day = days[lesson];
    if (day !== undefined) lessonDays[lesson] = day;
  }
  return { lessons, bought: withPrefix(items, RECEIPT_PREFIX), lessonDays };
}

/** One line of where a player stands at an ending: what the stats decided. */
interface StandingLine {
  label: string;
  value: string;
  /** Why it mattered, when a rule of the game used it. */
  note?: string;
}

/** The days the recap counts what was kept over: the week after the story's. */
const WEEK_AHEAD_DAYS = 7;

/** What a player kept at an ending and how it counts (docs/product-rules.md "Play" 'What is kept counts'). */
export interface Kept {
  /** The search position, then what was kept: money, goodwill, sales, know-how, the week ahead. */
  lines: StandingLine[];
  /**
   * What the shop starts next week with, in the game's own rules: the Budget kept plus
   * WEEK_AHEAD_DAYS nights of the sales it banks (halved while Happiness is below GRUMPY_BELOW,
   * product rules "Play" 'Payday').
   */
  weekAhead: number;
  /** One sentence that says how the rank, the money and the goodwill kept add up. */
  verdict: string;
}

/**
 * Where the player stands at an ending and what they kept, in the words of the game's rules:
 * the search position SEO Ranking gives; the Budget kept; Happiness as the goodwill that decides
 * how much of each night's sales is banked; the sales a day; Knowledge as what the player can do
 * without paying; and the week ahead those add up to. A careful, a thrifty and a reckless game
 * end with different figures here, each line saying why.
 */
export function standingOf(stats: PlayerStats): Kept {
  const happy = stats.charisma >= GRUMPY_BELOW;
  const banked = closeTheDay(stats).banked;
  const money = Math.max(0, stats.gold);
  const weekAhead = money + WEEK_AHEAD_DAYS * banked;
  const top = stats.health >= SEARCH_POSITION_TOP_SCORE;
  const lines: StandingLine[] = [
    {
      label: 'Search position',
      value: searchPositionLabel(stats.health),
      note: `SEO Ranking ${stats.health}; #1 needs ${SEARCH_POSITION_TOP_SCORE}`,
    },
    {
      label: 'Money kept',
      value: formatStat('gold', money),
      note: money > 0 ? 'yours to spend next week' : 'nothing left for next week',
    },
    {
      label: 'Goodwill (Happiness)',
      value: String(stats.charisma),
      note: happy
        ? "customers come back: each night's sales are banked in full"
        : `below ${GRUMPY_BELOW}: half of each night's sales walk away`,
    },
    {
      label: 'Sales a day',
      value: formatStat('revenue', stats.revenue),
      note: happy ? 'paid into the Budget each night' : `only $${banked} of it banked each night`,
    },
    {
      label: 'Know-how (Knowledge)',
      value: String(stats.intelligence),
      note: 'what you can do yourself instead of paying someone',
    },
    {
      label: 'The week ahead',
      value: formatStat('gold', weekAhead),
      note: `$${money} kept + ${WEEK_AHEAD_DAYS} nights × $${banked} banked`,
    },
  ];
  const inFull = money + WEEK_AHEAD_DAYS * (banked + closeTheDay(stats).lost);
  return { lines, weekAhead, verdict: verdictOf(top, happy, money, banked, weekAhead, inFull) };
}

/** The sentence of standingOf; `inFull` is the week ahead had every night's sales been banked. */
function verdictOf(
  top: boolean,
  happy: boolean,
  money: number,
  banked: number,
  weekAhead: number,
  inFull: number,
): string {
  const week = `$${weekAhead}`;
  if (top && happy) {
    return `You reached #1 and kept your customers' goodwill: the shop starts next week with ${week} in hand and coming in.`;
  }
  if (top) {
    return `You reached #1, but a grumpy shop banks only half its sales: next week starts with ${week}, not the $${inFull} it could have.`;
  }
  if (money === 0 && banked === 0) {
    return 'Nothing was kept: the shop starts next week with no money and no sales.';
  }
  if (money === 0) {
    return `Nothing left in the bank: the $${banked} a night the shop banks is all it has, with nothing spare for a bill.`;
  }
  if (!happy) {
    return `No #1 this week, and a grumpy shop banks half its sales: what you kept adds up to ${week} for next week.`;
  }
  return `No #1 this week, but what you kept still counts: $${money} in the bank and $${banked} a night add up to ${week} for next week.`;
}
