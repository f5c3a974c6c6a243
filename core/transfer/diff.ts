import { comparable } from './comparable.ts';
import { type Bundle, KIND_NAMES, KINDS, type Kind } from './format.ts';
import type { StoryCode } from './story-code.ts';

/** What an import changes in one kind of rows, by key. */
interface KindDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
}

/** The dry run's answer: per kind in the file, what is added, changed and removed; new images. */
export interface ImportPlan {
  kinds: Partial<Record<Kind, KindDiff>>;
  files: { added: number };
  /** The story's Twine identity after the import (Twee / Twine imports), and whether it changes. */
  story?: {
    ifid: string;
    title: string;
    format: string | null;
    formatVersion: string | null;
    changed: boolean;
    /** The story code stored with it (not sent in answers: core/api/transfer.ts). */
    code?: StoryCode | null;
  };
}

/**
 * Compares the database (as a bundle) with an import file. Only kinds the file carries are
 * compared: a kind it leaves out stays as it is. Rows are equal when every column but the
 * timestamps is.
 */
export function planImport(current: Bundle, incoming: Bundle): ImportPlan {
  const kinds: ImportPlan['kinds'] = {};
  for (const kind of KIND_NAMES) {
    const next = incoming[kind] as Record<string, unknown>[] | undefined;
    if (!next) continue;
    const key = KINDS[kind].key;
    const now = new Map(
      ((current[kind] ?? []) as Record<string, unknown>[]).map((r) => [String(r[key]), r]),
    );
    const diff: KindDiff = { added: [], changed: [], removed: [], unchanged: 0 };
    const inFile = new Set<string>();
    for (const row of next) {
      const k = String(row[key]);
      inFile.add(k);
      const old = now.get(k);
      if (!old) diff.added.push(k);
      else if (comparable(old) !== comparable(row)) diff.changed.push(k);
      else diff.unchanged++;
    }
    for (const k of now.keys()) if (!inFile.has(k)) diff.removed.push(k);
    kinds[kind] = diff;
  }
  const have = new Set((current.files ?? []).map((f) => f.hash));
  const added = (incoming.files ?? []).filter((f) => !have.has(f.hash)).length;
  return { kinds, files: { added } };
}
