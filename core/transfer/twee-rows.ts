import { KIND_NAMES, KINDS, type Kind, pathText, TransferError, validateBundle } from './format.ts';
import { where } from './story-source.ts';

/** Where a row of an imported story came from: its line, passage and name within it ('option 2'). */
export interface RowOrigin {
  line: number;
  passage: string;
  label: string | null;
}

/**
 * Checks every row of a story's adventure file against the file format, naming each bad row by
 * line, passage and (for options) its number within the passage; then the whole-file rules
 * (duplicate keys, one start scene). Returns the problems, [] when there are none.
 */
export function checkRows(
  bundle: Record<string, unknown>,
  origins: Partial<Record<Kind, RowOrigin[]>>,
): string[] {
  const at = (kind: Kind, i: number) => {
    const o = origins[kind]?.[i];
    return o ? where(o.line, o.passage, o.label ?? undefined) : `${kind}[${i}]`;
  };
  const errors: string[] = [];
  for (const kind of KIND_NAMES) {
    const rows = bundle[kind];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row, i) => {
      const result = KINDS[kind].schema.safeParse(row);
      if (result.success) return;
      for (const issue of result.error.issues) {
        errors.push(`${at(kind, i)}: ${pathText(issue.path)}: ${issue.message}`);
      }
    });
  }
  if (errors.length) return errors;
  try {
    validateBundle(bundle);
  } catch (err) {
    if (!(err instanceof TransferError)) throw err;
    const m = /^(\w+)\[(\d+)\]\.?(.*)$/s.exec(err.message);
    const kind = m?.[1] as Kind | undefined;
    if (m && kind && KIND_NAMES.includes(kind)) return [`${at(kind, Number(m[2]))}: ${m[3]}`];
    return [err.message];
  }
  return [];
}
