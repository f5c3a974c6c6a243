import type { ClassPicture } from '../api/classes.ts';
import { optionStatChanges } from '../game/change-columns.ts';
import { isLesson, isReceipt, itemLabel } from '../game/items.ts';
import { DEFAULT_CHOICE_COST, toItemList } from '../game/stats.ts';
import { STAT_KEYS, type StatKey } from '../game/stats.types.ts';

/** What the class picture needs to know of an option (docs/class-mode.md 'Better options'). */
export interface OptionFacts {
  id: string;
  sceneId: string;
  text: string;
  /** Lessons it teaches (labels, 'Lesson: ' removed). */
  lessons: string[];
  /** Shortcuts it buys (labels). */
  bought: string[];
  /** Its stat changes, the default $5 cost counted. */
  changes: Record<StatKey, number>;
  /** True when it needs stats or items (it may have been locked for the player). */
  conditional: boolean;
}

/** The facts of a stored option (stats_changes and the older change columns). */
export function optionFacts(option: {
  id: string;
  scenario_id: string;
  text: string;
  stats_changes?: unknown;
  required_stats?: unknown;
  required_items?: unknown;
}): OptionFacts {
  const c = optionStatChanges(option as Parameters<typeof optionStatChanges>[0]);
  const added = toItemList(c.addInventory);
  const changes = Object.fromEntries(
    STAT_KEYS.map((k) => [k, c[k] ?? (k === 'gold' ? -DEFAULT_CHOICE_COST : 0)]),
  ) as Record<StatKey, number>;
  const needsStats =
    option.required_stats !== null &&
    typeof option.required_stats === 'object' &&
    Object.keys(option.required_stats as object).length > 0;
  return {
    id: option.id,
    sceneId: option.scenario_id,
    text: option.text,
    lessons: added.filter(isLesson).map(itemLabel),
    bought: added.filter(isReceipt).map(itemLabel),
    changes,
    conditional: needsStats || toItemList(option.required_items).length > 0,
  };
}

/** Lower Delusion is better; every other stat is better higher. */
const better = (key: StatKey, a: number, b: number) => (key === 'delusion' ? a < b : a > b);

/** True when `b` is at least as good as `a` on every stat and better on one. */
export function dominates(b: OptionFacts, a: OptionFacts): boolean {
  let strictly = false;
  for (const key of STAT_KEYS) {
    if (better(key, a.changes[key], b.changes[key])) return false;
    if (better(key, b.changes[key], a.changes[key])) strictly = true;
  }
  return strictly;
}

type Reason = ClassPicture['weakPicks'][number]['reason'];

/**
 * The better option than `picked` in its scene, with why, or null (docs/class-mode.md):
 * a shortcut ('Bought: …') that teaches nothing where another option teaches a lesson
 * ('shortcut'); an option teaching nothing where another teaches a lesson ('lesson'); an option
 * another beats on every stat without teaching less ('stats'). Options that need stats or items
 * are never the better one (they may have been locked for this player).
 */
export function betterOption(
  picked: OptionFacts,
  siblings: readonly OptionFacts[],
): { option: OptionFacts; reason: Reason } | null {
  const others = siblings.filter((o) => o.id !== picked.id && !o.conditional);
  if (picked.lessons.length === 0) {
    const teacher = others.find((o) => o.lessons.length > 0 && o.bought.length === 0);
    if (teacher)
      return { option: teacher, reason: picked.bought.length > 0 ? 'shortcut' : 'lesson' };
  }
  const stronger = others.find(
    (o) => dominates(o, picked) && picked.lessons.every((l) => o.lessons.includes(l)),
  );
  return stronger ? { option: stronger, reason: 'stats' } : null;
}
