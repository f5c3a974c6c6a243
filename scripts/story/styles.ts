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

/** True when choosing the option puts `item` into the inventory. */
const gives = (option: StoryOption, item: string) =>
  toItemList(option.stats_changes?.addInventory).includes(item);

/**
 * A picker that goes for `item` (e.g. the story's 'Spam Flag'): an open option that gives it,
 * else one leading to a scene where an option gives it, else the first open option.
 */
export function seekItemPicker(scenes: ReadonlyMap<string, StoryScene>, item: string): Picker {
  const score = (o: StoryOption) => {
    if (gives(o, item)) return 2;
    const next = scenes.get(o.next_scenario_id ?? '');
    return next?.options.some((n) => gives(n, item)) ? 1 : 0;
  };
  return (open) => open.reduce((best, o) => (score(o) > score(best) ? o : best));
}

/**
 * The styles the story check reports: the first/last-option paths (what E2E tests can follow),
 * a white hat, a spammer chasing `spamItem` and a big spender.
 */
export function playStyles(scenes: ReadonlyMap<string, StoryScene>, spamItem: string): PlayStyle[] {
  return [
    { name: 'always the first open option', pick: firstPicker },
    { name: 'always the last open option', pick: lastPicker },
    { name: 'white hat (most SEO Ranking)', pick: greedyPicker('health', 1) },
    { name: `black hat (seeks '${spamItem}')`, pick: seekItemPicker(scenes, spamItem) },
    { name: 'big spender (most Budget spent)', pick: greedyPicker('gold', -1) },
  ];
}
