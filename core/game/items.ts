import { toItemList } from './stats.ts';

/**
 * How an inventory item's name says what it is (content/README.md, docs/product-rules.md
 * "Content"), so an author decides it by naming the item, no code needed:
 * - 'Flag: …' a story flag: remembered for required_items, never shown to the player (not in
 *   the inventory, the change line or a lock reason; an option needing a flag the player lacks
 *   is not offered at all);
 * - 'Lesson: …' a lesson learned: in the stats panel ('Lessons learned') and the change line
 *   ('learned …') the moment it is learned, and in the ending's recap ('What you learned');
 * - 'Bought: …' a shortcut paid for: in the ending's recap ('What you bought');
 * - anything else: an inventory item, shown as named.
 * Players are sent lessons and items during play (visibleInventory); purchases come with the
 * recap of a finished game (docs/scene-layout.md "What players are sent").
 */
const FLAG_PREFIX = 'Flag: ';
/** Prefix of the items that record a lesson learned. */
export const LESSON_PREFIX = 'Lesson: ';
/** Prefix of the items that record a shortcut purchase. */
export const RECEIPT_PREFIX = 'Bought: ';

/** What an item is, by its name. */
export type ItemKind = 'flag' | 'lesson' | 'receipt' | 'item';

const PREFIXES: [ItemKind, string][] = [
  ['flag', FLAG_PREFIX],
  ['lesson', LESSON_PREFIX],
  ['receipt', RECEIPT_PREFIX],
];

/** The kind of an item: by its exact prefix (case and the space after the colon count). */
export function itemKind(item: string): ItemKind {
  for (const [kind, prefix] of PREFIXES) if (item.startsWith(prefix)) return kind;
  return 'item';
}

/** True for a story flag, which players never see. */
export const isFlag = (item: string): boolean => item.startsWith(FLAG_PREFIX);
/** True when the item names a lesson. */
export const isLesson = (item: string): boolean => item.startsWith(LESSON_PREFIX);
/** True when the item records a purchase. */
export const isReceipt = (item: string): boolean => item.startsWith(RECEIPT_PREFIX);

/** An item's name as players read it: the prefix of its kind removed ('Bought: X' → 'X'). */
export function itemLabel(item: string): string {
  const kind = itemKind(item);
  if (kind === 'item') return item;
  return item.slice(PREFIXES.find(([k]) => k === kind)![1].length).trim();
}

/** What a player's stats panel lists: inventory items (purchases included) and lessons, by label. */
export interface PlayerItems {
  items: string[];
  lessons: string[];
}

/** Splits an inventory into what a player sees, in the order collected; flags are left out. */
export function playerItems(inventory: unknown): PlayerItems {
  const out: PlayerItems = { items: [], lessons: [] };
  for (const item of toItemList(inventory)) {
    const kind = itemKind(item);
    const label = itemLabel(item);
    if (kind === 'flag' || label === '') continue;
    (kind === 'lesson' ? out.lessons : out.items).push(label);
  }
  return out;
}

/**
 * The phrase for an item a choice gave or took ('gained Map', 'learned Unique titles', 'bought
 * Platinum backlinks', 'lost Map'), or null for what players do not see (flags, empty names).
 */
export function itemChangePhrase(item: string, change: 'gained' | 'lost'): string | null {
  const kind = itemKind(item);
  const label = itemLabel(item);
  if (kind === 'flag' || label === '') return null;
  if (change === 'lost') return `lost ${label}`;
  if (kind === 'lesson') return `learned ${label}`;
  if (kind === 'receipt') return `bought ${label}`;
  return `gained ${label}`;
}

/**
 * A name that looks meant for one of the prefixes but misses it exactly ('flag: x', 'Flag:x',
 * 'Lesson - x'): such an item would show to players as named. Returns the prefix meant, or null.
 */
export function nearMissPrefix(item: string): string | null {
  if (itemKind(item) !== 'item') return null;
  for (const [, prefix] of PREFIXES) {
    const word = prefix.slice(0, -2).toLowerCase();
    const head = item.trimStart().toLowerCase();
    if (head.startsWith(word) && /^[\s:.\-–—]/.test(head.slice(word.length))) return prefix;
  }
  return null;
}

/**
 * The flag that tells the story has shown the player where the shop ranks (docs/scene-layout.md
 * "Search position"): from then on, and on every ending, the stats show the search position;
 * before, they only say it is still to be found out, so the story's reveal is not spoiled.
 */
export const POSITION_REVEALED_FLAG = `${FLAG_PREFIX}Position Revealed`;

/**
 * The inventory as players are sent it, in the order collected: plain items as named and
 * lessons learned with their 'Lesson: ' prefix (the stats panel lists them apart); never story
 * flags, and receipts only in the ending's recap.
 */
export function visibleInventory(inventory: unknown): string[] {
  return toItemList(inventory).filter((item) => {
    const kind = itemKind(item);
    return (kind === 'item' || kind === 'lesson') && itemLabel(item) !== '';
  });
}
