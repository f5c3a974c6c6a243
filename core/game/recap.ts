import { LESSON_PREFIX, RECEIPT_PREFIX } from './items.ts';
import { toItemList } from './stats.ts';

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
