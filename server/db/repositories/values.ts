import { randomUUID } from 'node:crypto';

/** Reads a boolean column the same way on both engines (PostgreSQL true/false, SQLite 1/0). */
export const bool = (v: boolean | number | null | undefined): boolean => v === true || v === 1;

/** Parses a JSON text column; null stays null, a broken value gives the fallback. */
export function json<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Stringifies a value for a JSON text column (undefined and null become null). */
export const toJson = (v: unknown): string | null =>
  v === undefined || v === null ? null : JSON.stringify(v);

/** The second `now` last wrote, and its text up to the milliseconds. */
const isoSecond = { at: Number.NaN, text: '' };

/**
 * The current time as the ISO string both engines store (what `new Date().toISOString()` gives).
 * Date's toISOString costs ~1.5 µs a call here, written with every choice; the text of the
 * current second is kept and only the milliseconds are added (~0.2 µs).
 */
export function now(at: number = Date.now()): string {
  const second = Math.floor(at / 1000);
  if (second !== isoSecond.at) {
    // 'YYYY-MM-DDTHH:MM:SS.' for years 0-9999, the only ones toISOString writes this way.
    isoSecond.text = new Date(second * 1000).toISOString().slice(0, 20);
    isoSecond.at = second;
  }
  return `${isoSecond.text}${String(at - second * 1000).padStart(3, '0')}Z`;
}

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds, then random bits (those of a
 * version 4 UUID). Ids made later sort later, so a unique index on them grows at its end instead
 * of at a random page: choice_log's ids, written with every choice.
 */
export function timeOrderedUuid(at: number = Date.now()): string {
  const time = at.toString(16).padStart(12, '0');
  // randomUUID(): xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx; its version digit becomes 7.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
