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

/** The current time as the ISO string both engines store. */
export const now = (): string => new Date().toISOString();
