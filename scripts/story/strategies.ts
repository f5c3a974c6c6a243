import { isLesson, isReceipt } from '../../core/game/items.ts';
import { budgetNeeded } from '../../core/game/requirements.ts';
import { toItemList } from '../../core/game/stats.ts';
import type { Picker } from './simulate.ts';
import { isShortcut, statDelta } from './styles.ts';
import type { StoryOption } from './types.ts';

const added = (o: StoryOption) => toItemList(o.stats_changes?.addInventory);

/** The open option with the highest score (the first on ties). */
function best(open: readonly StoryOption[], score: (o: StoryOption) => number): StoryOption {
  return open.reduce((top, o) => (score(o) > score(top) ? o : top));
}

/**
 * True for an option that keeps a trick, buys a shortcut or is marked as one ('Flag: Shortcut:
 * ...'): a sound player never takes it.
 */
function shady(o: StoryOption, spamItem: string): boolean {
  const items = added(o);
  return items.includes(spamItem) || items.some(isReceipt) || isShortcut(o);
}

/**
 * A sound player: never a shortcut or a kept trick; takes an option that teaches a lesson, else
 * the one with the best SEO Ranking and least Delusion; never an ending but the best one. Among
 * equals, `spend` decides: 1 takes
 * the dearest (pays professionals, buys every sound investment it can afford), -1 the cheapest
 * (does it alone, pays with time and Happiness instead). With a `reserve`, the dearest only while
 * the Budget left stays at or above it. The best ending, when open, always wins.
 */
export function soundStrategy(
  spamItem: string,
  spend: 1 | -1,
  ending: { best: string; others: ReadonlySet<string> },
  reserve = 0,
): Picker {
  return (open, at) =>
    best(open, (o) => {
      if (o.next_scenario_id === ending.best) return 1_000_000;
      if (shady(o, spamItem) || ending.others.has(o.next_scenario_id ?? '')) return -100_000;
      const lesson = added(o).some(isLesson) ? 10_000 : 0;
      const cost = -statDelta(o, 'gold');
      // A player keeping a reserve pays for help only while the reserve stays untouched.
      // The thrifty player (spend -1) weighs a dollar three times: it pays only for a lesson
      // or a large gain, and keeps the rest for the last morning.
      const dear = spend === 1 && at.stats.gold - cost >= reserve ? 1 : spend === 1 ? -1 : -3;
      // The thrifty player also guards its Happiness: it does the work itself, which needs it.
      const mood = spend === -1 ? statDelta(o, 'charisma') * 5 : 0;
      return lesson + statDelta(o, 'health') * 20 - statDelta(o, 'delusion') + dear * cost + mood;
    });
}

/**
 * The greedy player: the biggest immediate gain in visitors and sales (Traffic plus Revenue),
 * the cheapest on ties: what shortcuts offer now, since they offer no SEO Ranking.
 */
export const greedyStrategy: Picker = (open) =>
  best(
    open,
    (o) => (statDelta(o, 'strength') + statDelta(o, 'revenue')) * 1_000 + statDelta(o, 'gold'),
  );

/** A sound investment: it costs Budget, buys no shortcut and keeps no trick. */
function isInvestment(o: StoryOption, spamItem: string): boolean {
  return budgetNeeded(o) > 0 && !shady(o, spamItem);
}

/**
 * Wraps a picker to note the first day on which a sound investment of the scene cost more than
 * the player had ('runs out before the last day').
 */
export function watchBudget(pick: Picker, spamItem: string) {
  const seen = { day: null as number | null };
  const wrapped: Picker = (open, at) => {
    const short = at.scene.options.some(
      (o) => isInvestment(o, spamItem) && budgetNeeded(o) > at.stats.gold,
    );
    if (short && seen.day === null) seen.day = at.scene.day ?? 1;
    return pick(open, at);
  };
  return { pick: wrapped, seen };
}
