/*
 * The error an import file raises and how it names a place in the file; format.ts and the
 * per-kind row checks (site-rows.ts, twee-rows.ts) both use them, so they live apart from both.
 */

/** A problem in an import file: where (field path or line) and what. */
export class TransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferError';
  }
}

/** 'scenes[3].title' from a zod issue path. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(file)';
}
