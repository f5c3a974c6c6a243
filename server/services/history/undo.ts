import type { Kysely } from 'kysely';
import {
  type Author,
  HISTORY_KIND_LABELS,
  HISTORY_KINDS,
  HISTORY_MESSAGES,
  type HistoryKind,
  LATER_WORK_CODE,
  UNDO_KEEP_DAYS,
  type UndoEntry,
} from '../../../core/api/history.ts';
import type { Bundle, Kind } from '../../../core/transfer/format.ts';
import {
  getUndoEntry,
  itemsRevisedSince,
  listUndoEntries,
  markUndone,
  moveRevisions,
  purgeUndoEntries,
  type UndoRow,
} from '../../db/repositories/history.ts';
import type { Database } from '../../db/schema/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../errors.ts';
import { restoreBundle } from '../transfer/transfer.ts';
import { deletedHistoryId, keepDeleted, recordRevision } from './record.ts';
import { labelOf, readSnapshot } from './snapshots.ts';
import { WRITEBACK } from './tracked.ts';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

/** The oldest moment an entry stays undoable (30 days before `at`). */
const undoCutoff = (at = Date.now()) => new Date(at - UNDO_KEEP_DAYS * DAY_MS).toISOString();

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

/** Where each kind that an adventure file carries sits in it. */
const BUNDLE_KIND: Partial<Record<HistoryKind, Kind>> = {
  scene: 'scenes',
  randomEvent: 'randomEvents',
  sponsor: 'sponsors',
  news: 'news',
  advertisement: 'advertisements',
};

/** One item changed since an import that undoing the import would remove or overwrite. */
interface LaterWork {
  kind: HistoryKind;
  id: string;
  label: string;
  snapshot: unknown;
  removed: boolean;
}

/**
 * The items saved or created after the import (their revisions say so) that putting `previous`
 * back would touch: removed when the content before the import did not have them, else
 * overwritten. Consultants are not part of an adventure file, so an undo never touches them.
 */
async function laterWork(db: Db, since: string, previous: Bundle): Promise<LaterWork[]> {
  const found: LaterWork[] = [];
  for (const { kind: k, itemId: id } of await itemsRevisedSince(db, since)) {
    const kind = k as HistoryKind;
    if (!HISTORY_KINDS.includes(kind) || kind === 'consultant') continue;
    const snapshot = await readSnapshot(db, kind, id);
    if (snapshot === null) continue;
    const file = BUNDLE_KIND[kind];
    const rows = file ? (previous[file] as { id?: unknown }[] | undefined) : undefined;
    const removed = file !== undefined && !rows?.some((r) => r.id === id);
    found.push({ kind, id, label: labelOf(kind, snapshot, id), snapshot, removed });
  }
  return found;
}

const named = (items: LaterWork[]) =>
  items.map((w) => `${HISTORY_KIND_LABELS[w.kind].toLowerCase()} "${w.label}"`).join(', ');

/** The question an undo asks before it removes or overwrites later work, in words. */
function laterWorkQuestion(work: LaterWork[]): string {
  const removed = work.filter((w) => w.removed);
  const overwritten = work.filter((w) => !w.removed);
  const parts = [
    removed.length > 0 &&
      `remove what was made after it: ${named(removed)} (kept in Recently deleted)`,
    overwritten.length > 0 &&
      `put back as before it what was changed after it: ${named(overwritten)} (your later version stays in its History)`,
  ].filter(Boolean);
  return `Undoing this import would ${parts.join('; and ')}. Undo it anyway?`;
}

/**
 * What undoing an import would do to later work. Later work is never lost without a question:
 * without `confirm` it answers 409 LATER_WORK naming it.
 */
async function checkLaterWork(trx: Db, entry: UndoRow, confirm: boolean): Promise<LaterWork[]> {
  const work = await laterWork(trx, entry.createdAt, entry.snapshot as Bundle);
  if (work.length > 0 && !confirm) {
    throw new HttpError(409, laterWorkQuestion(work), LATER_WORK_CODE);
  }
  return work;
}

/** What the undo removed goes to 'Recently deleted'; what it overwrote gets a revision after its later one. */
async function recordLaterWork(trx: Db, work: LaterWork[], author: Author | null) {
  for (const w of work) {
    if (w.removed) await keepDeleted(trx, { ...w, author }, w.snapshot);
    else await recordRevision(trx, { ...w, author }, 'restore');
  }
}

/** Puts a deleted item back, with the history it had. */
async function undoDelete(trx: Db, entry: UndoRow, author: Author | null) {
  const kind = entry.kind as HistoryKind;
  const writeback = HISTORY_KINDS.includes(kind) ? WRITEBACK[kind] : undefined;
  if (!writeback?.recreate) throw new HttpError(400, 'This kind of item cannot be put back');
  await writeback.recreate(trx, entry.itemId, entry.snapshot);
  await moveRevisions(trx, kind, deletedHistoryId(entry.id, entry.itemId), entry.itemId);
  await recordRevision(trx, { kind, id: entry.itemId, author }, 'undelete');
}

/**
 * Undoes a delete (the item comes back with its options, its history and the links that led to
 * it) or an import (the adventure as it was before it). An entry is undone once: the claim is
 * made in a transaction with the checks, so two clicks (or two admins) put it back once, and a
 * refused undo leaves the entry undoable. A delete is undone in that one transaction. An
 * import's content is put back in slices like an import (other requests are served meanwhile;
 * a failure puts back what was there and leaves the entry undoable), then what it removed and
 * overwrote of the later work is recorded; inside a caller's transaction all of it is written
 * there.
 */
export async function undoEntry(
  db: Db,
  id: string,
  author: Author | null,
  confirm = false,
): Promise<UndoEntry> {
  const claimed = await inTransaction(db, async (trx) => {
    const entry = await getUndoEntry(trx, id);
    if (!entry) throw new HttpError(404, HISTORY_MESSAGES.entryNotFound);
    if (entry.undoneAt) throw new HttpError(409, HISTORY_MESSAGES.alreadyUndone);
    if (entry.createdAt < undoCutoff()) throw new HttpError(410, HISTORY_MESSAGES.expired);
    const work = entry.action === 'import' ? await checkLaterWork(trx, entry, confirm) : [];
    if (!(await markUndone(trx, id))) {
      throw new HttpError(409, HISTORY_MESSAGES.alreadyUndone);
    }
    if (entry.action !== 'import') {
      await undoDelete(trx, entry, author);
      return null;
    }
    if (db.isTransaction) {
      await restoreBundle(trx, entry.snapshot as Bundle);
      await recordLaterWork(trx, work, author);
      return null;
    }
    return { entry, work };
  });
  if (claimed) {
    try {
      await restoreBundle(db, claimed.entry.snapshot as Bundle);
    } catch (err) {
      await markUndone(db, id, false);
      throw err;
    }
    await inTransaction(db, (trx) => recordLaterWork(trx, claimed.work, author));
  }
  const { snapshot: _s, ...rest } = (await getUndoEntry(db, id))!;
  return rest;
}
