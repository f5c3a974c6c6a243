import { toItemList } from './stats.ts';

/**
 * The story's recap convention (content/README.md): an item named 'Lesson: …' records a lesson
 * the player learned on the way, an item named 'Bought: …' a shortcut the player paid for. Ending
 * screens list both, so an ending remembers what this player actually did.
 */
export const LESSON_PREFIX = 'Lesson: ';
/** Prefix of the items that record a shortcut purchase. */
export const RECEIPT_PREFIX = 'Bought: ';

/** What an ending lists: lessons learned and shortcuts bought, prefixes removed, in the order collected. */
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

/** True when the item names a lesson. */
export const isLesson = (item: string): boolean => item.startsWith(LESSON_PREFIX);
/** True when the item records a purchase. */
export const isReceipt = (item: string): boolean => item.startsWith(RECEIPT_PREFIX);
