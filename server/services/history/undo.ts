import type { Kysely } from 'kysely';
import {
  type Author,
  HISTORY_KINDS,
  HISTORY_MESSAGES,
  type HistoryKind,
  UNDO_KEEP_DAYS,
  type UndoEntry,
} from '../../../core/api/history.ts';
import type { Bundle } from '../../../core/transfer/format.ts';
import {
  getUndoEntry,
  insertUndoEntry,
  listUndoEntries,
  markUndone,
  purgeUndoEntries,
  type UndoRow,
} from '../../db/repositories/history.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { readRows, restoreBundle } from '../transfer/transfer.ts';
import { keepOriginal, recordRevision } from './revisions.ts';
import { TRACKED } from './tracked.ts';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

/** The oldest moment an entry stays undoable (30 days before `at`). */
export const undoCutoff = (at = Date.now()) => new Date(at - UNDO_KEEP_DAYS * DAY_MS).toISOString();

/**
 * Before a delete: the item as it is, with its history kept, so the delete can be undone from
 * 'Recently deleted'. Null when the item does not exist (the delete will answer 404 itself).
 */
export async function snapshotBeforeDelete(db: Db, kind: HistoryKind, id: string) {
  await keepOriginal(db, kind, id);
  return TRACKED[kind].read(db, id);
}

/** Records a delete that went through, with the item as it was. */
export async function recordDelete(
  db: Db,
  kind: HistoryKind,
  id: string,
  snapshot: unknown,
  author: Author | null,
): Promise<string> {
  const label = TRACKED[kind].label(snapshot, id);
  return insertUndoEntry(db, { action: 'delete', kind, itemId: id, label, author, snapshot });
}

/** Before an import: the whole adventure as it is (what 'Undo import' puts back). */
export function snapshotBeforeImport(db: Db): Promise<Bundle> {
  return readRows(db);
}

/** Records an applied import with the content it replaced. */
export function recordImport(db: Db, previous: Bundle, author: Author | null, label: string) {
  return insertUndoEntry(db, {
    action: 'import',
    kind: 'import',
    itemId: 'adventure',
    label,
    author,
    snapshot: previous,
  });
}

/** Deletes and imports of the last 30 days, newest first; older ones are purged on the way. */
export async function recentEntries(db: Db): Promise<UndoEntry[]> {
  const cutoff = undoCutoff();
  await purgeUndoEntries(db, cutoff);
  return listUndoEntries(db, cutoff);
}

/** Deletes entries older than 30 days (also done whenever the list is read); returns how many. */
export function purgeExpired(db: Db, at = Date.now()): Promise<number> {
  return purgeUndoEntries(db, undoCutoff(at));
}

async function putBack(db: Db, entry: UndoRow, author: Author | null): Promise<void> {
  if (entry.action === 'import') {
    await restoreBundle(db, entry.snapshot as Bundle);
    return;
  }
  const kind = entry.kind as HistoryKind;
  const tracked = HISTORY_KINDS.includes(kind) ? TRACKED[kind] : undefined;
  if (!tracked?.recreate) throw new HttpError(400, 'This kind of item cannot be put back');
  await tracked.recreate(db, entry.itemId, entry.snapshot);
  await recordRevision(db, kind, entry.itemId, author, 'undelete');
}

/**
 * Undoes a delete (the item comes back with its options and the links that led to it) or an
 * import (the adventure as it was before it, in one transaction). An entry is undone once.
 */
export async function undoEntry(db: Db, id: string, author: Author | null): Promise<UndoEntry> {
  const entry = await getUndoEntry(db, id);
  if (!entry) throw new HttpError(404, HISTORY_MESSAGES.entryNotFound);
  if (entry.undoneAt) throw new HttpError(409, HISTORY_MESSAGES.alreadyUndone);
  if (entry.createdAt < undoCutoff()) throw new HttpError(410, HISTORY_MESSAGES.expired);
  // Claimed first, so two clicks (or two admins) put it back once.
  if (!(await markUndone(db, id, true))) throw new HttpError(409, HISTORY_MESSAGES.alreadyUndone);
  try {
    await putBack(db, entry, author);
  } catch (err) {
    await markUndone(db, id, false);
    throw err;
  }
  const { snapshot: _s, ...rest } = (await getUndoEntry(db, id))!;
  return rest;
}
