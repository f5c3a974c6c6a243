/**
 * Class mode's rules and limits (docs/class-mode.md), without zod: the join page imports them
 * and stays small.
 */

/** Most students one class takes. */
export const CLASS_MAX_STUDENTS = 200;
/** Most classes one account may keep (open or closed). */
export const CLASSES_PER_TEACHER = 100;
/** A class with no activity for this many days closes on its own. */
export const CLASS_INACTIVE_DAYS = 90;
/** Longest class name and display name. */
export const CLASS_NAME_MAX = 80;
export const STUDENT_NAME_MAX = 40;

/** Characters of a join code: easy to read aloud and type (no 0/O, 1/I/L). */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 6;

/** A code as typed ('abc 23d', 'ABC-23D') in the form it is stored: upper case, no spaces or dashes. */
export function normaliseClassCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** True for a well-formed join code (after normaliseClassCode). */
export function isClassCode(code: string): boolean {
  if (code.length !== CLASS_CODE_LENGTH) return false;
  for (const ch of code) if (!CLASS_CODE_ALPHABET.includes(ch)) return false;
  return true;
}
