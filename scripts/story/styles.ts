import { isLesson, isReceipt } from '../../core/game/items.ts';
import { DEFAULT_CHOICE_COST, toItemList, toStatChanges } from '../../core/game/stats.ts';
import type { StatKey } from '../../core/game/stats.types.ts';
import { firstPicker, lastPicker, type Picker } from './simulate.ts';
import type { StoryOption, StoryScene } from './types.ts';

/** A deterministic way of playing, to show which ending a play style leads to. */
export interface PlayStyle {
  name: string;
  pick: Picker;
}

/** The change an option makes to one stat, the default 5-gold cost included. */
export function statDelta(option: StoryOption, key: StatKey): number {
  const changes = toStatChanges(option.stats_changes);
  if (key === 'gold' && changes.gold === undefined) return -DEFAULT_CHOICE_COST;
  return changes[key] ?? 0;
}

/** A picker taking the open option that changes `key` the most in `direction` (first on ties). */
export function greedyPicker(key: StatKey, direction: 1 | -1): Picker {
  return (open) =>
    open.reduce((best, o) =>
      direction * statDelta(o, key) > direction * statDelta(best, key) ? o : best,
    );
}

/** The items choosing the option puts into the inventory. */
const added = (option: StoryOption) => toItemList(option.stats_changes?.addInventory);

/** The prefix of the hidden flag that marks a spam or scam shortcut (content/README.md). */
export const SHORTCUT_PREFIX = 'Flag: Shortcut: ';

/** True for an option marked as a spam or scam shortcut ('Flag: Shortcut: <name>'). */
export const isShortcut = (option: StoryOption): boolean =>
  added(option).some((i) => i.startsWith(SHORTCUT_PREFIX));

/** True when choosing the option puts `item` into the inventory. */
const gives = (option: StoryOption, item: string) => added(option).includes(item);

/** The open option with the highest score (the first on ties). */
function best(open: readonly StoryOption[], score: (o: StoryOption) => number): StoryOption {
  return open.reduce((top, o) => (score(o) > score(top) ? o : top));
}

/**
 * A picker that goes for `item` (e.g. the story's 'Flag: Spam'): an open option that gives it,
 * else one leading to a scene where an option gives it, else the first open option.
 */
export function seekItemPicker(scenes: ReadonlyMap<string, StoryScene>, item: string): Picker {
  const score = (o: StoryOption) => {
    if (gives(o, item)) return 2;
    const next = scenes.get(o.next_scenario_id ?? '');
    return next?.options.some((n) => gives(n, item)) ? 1 : 0;
  };
  return (open) => best(open, score);
}

/**
 * The 'buy every shortcut' player: takes an option that buys something (it gives a 'Bought: …'
 * receipt) or is marked as a shortcut, else one that keeps a black-hat trick (gives `spamItem`),
 * else one leading to a scene where something can be bought, else the option that spends the
 * most, else the first.
 */
export function shortcutPicker(scenes: ReadonlyMap<string, StoryScene>, spamItem: string): Picker {
  const buys = (o: StoryOption) => added(o).some(isReceipt);
  const score = (o: StoryOption) => {
    if (buys(o) || isShortcut(o)) return 4_000;
    if (gives(o, spamItem)) return 3_000;
    const next = scenes.get(o.next_scenario_id ?? '');
    if (next?.options.some(buys)) return 2_000;
    return Math.max(0, -statDelta(o, 'gold'));
  };
  return (open) => best(open, score);
}

/**
 * The 'always the sound choice' player: takes an option that teaches a lesson ('Lesson: …') and
 * buys no shortcut, else the option that raises SEO Ranking the most and Delusion the least.
 * Among lesson options, the larger SEO Ranking gain wins; ties go to the first.
 */
export const soundPicker: Picker = (open) => {
  const score = (o: StoryOption) => {
    const items = added(o);
    const lesson = items.some(isLesson) && !items.some(isReceipt) ? 1_000 : 0;
    return lesson + statDelta(o, 'health') * 10 - statDelta(o, 'delusion');
  };
  return best(open, score);
};

/**
 * The styles the story check reports: the first/last-option paths (what E2E tests can follow),
 * the sound player, the shortcut buyer, a spammer chasing `spamItem` and a big spender.
 */
export function playStyles(scenes: ReadonlyMap<string, StoryScene>, spamItem: string): PlayStyle[] {
  return [
    { name: 'always the first open option', pick: firstPicker },
    { name: 'always the last open option', pick: lastPicker },
    { name: 'always the sound choice', pick: soundPicker },
    { name: 'buys every shortcut', pick: shortcutPicker(scenes, spamItem) },
    { name: `black hat (seeks '${spamItem}')`, pick: seekItemPicker(scenes, spamItem) },
    { name: 'big spender (most Budget spent)', pick: greedyPicker('gold', -1) },
  ];
}
