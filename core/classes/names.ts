import { remove as latinLookalikes } from 'confusables';

/**
 * Students' display names (docs/class-mode.md 'Names'). A name is kept as typed after Unicode
 * NFKC (full-width and ligature forms folded) with invisible and direction characters removed
 * (zero-width spaces and joiners, direction marks and overrides, soft hyphens, variation
 * selectors, fillers) and spaces collapsed. Two names are the same when their keys are: each
 * look-alike folded to its Latin letter (a Cyrillic 'Р' is a 'P'), accents dropped, case ignored,
 * and only letters and digits counted (so 'Ann B.' is 'Ann B').
 */

/** Characters that show nothing or turn text around: never part of a name. */
const INVISIBLE =
  /[\p{Cf}\p{Cc}\p{Co}\p{Cn}\u115f\u1160\u2800\u3164\uffa0]|\u034f|\u17b4|\u17b5|[\u180b-\u180d]|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/gu;

/** A name as shown: NFKC, invisible characters removed, spaces collapsed and trimmed. */
export function cleanStudentName(typed: string): string {
  return typed.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** The key two names are compared by (unique in a class); '' when the name has no letter or digit. */
export function studentNameKey(name: string): string {
  return latinLookalikes(cleanStudentName(name))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}
