import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Author, HistoryKind } from '../../../core/api/history.ts';
import { diffSnapshots } from '../../../core/history/diff.ts';
import type { ImportPlan } from '../../../core/transfer/diff.ts';
import type { Bundle } from '../../../core/transfer/format.ts';
import {
  insertRevision,
  insertUndoEntry,
  latestRevision,
  moveRevisions,
} from '../../db/repositories/history.ts';
import type { Database } from '../../db/schema/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { labelOf, readSnapshot } from './snapshots.ts';

type Db = Kysely<Database>;

/*
 * History written where the save happens (docs/history.md): every service that changes a
 * tracked item calls one of these with its own transaction, so the change and its revision (or
 * its 'Recently deleted' entry) commit together or not at all.
 */

/** One tracked item an admin write changes, and who writes it. */
export interface TrackedChange {
  kind: HistoryKind;
  id: string;
  author: Author | null;
}

/** A change of a scene (its fields, stats or options) by `author`. */
export const sceneChange = (id: string, author: Author | null): TrackedChange => ({
  kind: 'scene',
  id,
  author,
});

/** 'create', 'save', 'restore', 'undelete': what the History list says of a revision. */
type RevisionAction = 'create' | 'save' | 'restore' | 'undelete';

/** Where a deleted item's revisions wait while it is in 'Recently deleted'. */
export const deletedHistoryId = (entryId: string, id: string) => `deleted:${entryId}:${id}`;

/**
 * Before the first tracked change of an item made before history existed (the demo content, an
 * import): keeps it as it was as revision 1 ('original'), so that first change can be undone.
 * A second save keeping the same original meanwhile leaves it to that one.
 */
async function keepOriginal(db: Db, kind: HistoryKind, id: string): Promise<void> {
  if (await latestRevision(db, kind, id)) return;
  const snapshot = await readSnapshot(db, kind, id);
  if (snapshot === null) return;
  await insertRevision(db, { kind, itemId: id, action: 'original', author: null, snapshot }, true);
}

/**
 * Records the item as it is now as its next revision, unless it equals the newest one (a map
 * move or a save without changes adds none); null when the item is gone or nothing changed.
 */
export async function recordRevision(
  db: Db,
  { kind, id, author }: TrackedChange,
  action: RevisionAction,
): Promise<number | null> {
  const snapshot = await readSnapshot(db, kind, id);
  if (snapshot === null) return null;
  const last = await latestRevision(db, kind, id);
  // A put-back deleted item is worth a line even when its content is that of its last save.
  const same = last !== null && diffSnapshots(last.snapshot, snapshot).length === 0;
  if (same && action !== 'undelete') return null;
  return insertRevision(db, { kind, itemId: id, action, author, snapshot });
}

/**
 * Runs `write` (a create, a save or a restore of one item) and records the item's next revision
 * in the same transaction. A create under an id that kept history before (an item deleted
 * earlier) starts a fresh history: the old revisions are set aside, not shown as this item's.
 */
export function writeTracked<T>(
  db: Db,
  change: TrackedChange,
  action: Exclude<RevisionAction, 'undelete'>,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    if (action === 'create') {
      await moveRevisions(trx, change.kind, change.id, `replaced:${randomUUID()}:${change.id}`);
    } else {
      await keepOriginal(trx, change.kind, change.id);
    }
    const result = await write(trx);
    await recordRevision(trx, change, action);
    return result;
  });
}

/**
 * Runs `remove` (the delete of one item) and, in the same transaction, keeps the item as it was
 * in 'Recently deleted' with its history set aside under the entry. An item that does not exist
 * records nothing (`remove` answers 404 itself).
 */
export function deleteTracked<T>(
  db: Db,
  change: TrackedChange,
  remove: (trx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const { kind, id } = change;
    await keepOriginal(trx, kind, id);
    const snapshot = await readSnapshot(trx, kind, id);
    const result = await remove(trx);
    if (snapshot !== null) await keepDeleted(trx, change, snapshot);
    return result;
  });
}

/** Puts an item just removed into 'Recently deleted', its history with it; returns the entry id. */
export async function keepDeleted(
  db: Db,
  { kind, id, author }: TrackedChange,
  snapshot: unknown,
): Promise<string> {
  const label = labelOf(kind, snapshot, id);
  const entryId = await insertUndoEntry(db, {
    action: 'delete',
    kind,
    itemId: id,
    label,
    author,
    snapshot,
  });
  await moveRevisions(db, kind, id, deletedHistoryId(entryId, id));
  return entryId;
}

/**
 * Keeps the whole adventure as it was before an import (`before`, read in the import's own
 * transaction) as an 'Undo import' entry, named by what it did to scenes.
 */
export async function keepImported(
  db: Db,
  before: Bundle,
  plan: ImportPlan,
  author: Author | null,
): Promise<string> {
  const s = plan.kinds.scenes;
  const counts = s
    ? ` (scenes: ${s.added.length} added, ${s.changed.length} changed, ${s.removed.length} removed)`
    : '';
  return insertUndoEntry(db, {
    action: 'import',
    kind: 'import',
    itemId: 'adventure',
    label: `Import${counts}`,
    author,
    snapshot: before,
  });
}
