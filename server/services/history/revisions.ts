import type { Kysely } from 'kysely';
import {
  type Author,
  HISTORY_MESSAGES,
  type HistoryKind,
  type RevisionDiff,
  type RevisionSummary,
} from '../../../core/api/history.ts';
import { diffSnapshots } from '../../../core/history/diff.ts';
import {
  getRevision,
  insertRevision,
  latestRevision,
  listRevisions,
} from '../../db/repositories/history.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { TRACKED } from './tracked.ts';

type Db = Kysely<Database>;

/** True when two snapshots hold the same content (a map move or a repeated save is no revision). */
const sameContent = (a: unknown, b: unknown) => diffSnapshots(a, b).length === 0;

/**
 * Records the item as it is now as its next revision, unless it equals the newest one. Called
 * after every successful save; null when the item is gone or nothing changed.
 */
export async function recordRevision(
  db: Db,
  kind: HistoryKind,
  id: string,
  author: Author | null,
  action = 'save',
): Promise<number | null> {
  const snapshot = await TRACKED[kind].read(db, id);
  if (snapshot === null) return null;
  const last = await latestRevision(db, kind, id);
  // A put-back deleted item is worth a line even when its content is that of its last save.
  if (last && action !== 'undelete' && sameContent(last.snapshot, snapshot)) return null;
  try {
    return await insertRevision(db, { kind, itemId: id, action, author, snapshot });
  } catch {
    // Two saves at once took the same number: the later one tries once more.
    return insertRevision(db, { kind, itemId: id, action, author, snapshot });
  }
}

/**
 * Before the first tracked change of an item made before history existed (the demo content, an
 * import): keeps it as it was as revision 1 ('original'), so that first change can be undone.
 */
export async function keepOriginal(db: Db, kind: HistoryKind, id: string): Promise<void> {
  if (await latestRevision(db, kind, id)) return;
  const snapshot = await TRACKED[kind].read(db, id);
  if (snapshot === null) return;
  await insertRevision(db, { kind, itemId: id, action: 'original', author: null, snapshot })
    // Someone else's save recorded it meanwhile: theirs is as good.
    .catch(() => undefined);
}

/** An item's revisions, newest first, each with how many fields differ from the item now. */
export async function itemHistory(
  db: Db,
  kind: HistoryKind,
  id: string,
): Promise<RevisionSummary[]> {
  const [rows, current] = await Promise.all([
    listRevisions(db, kind, id),
    TRACKED[kind].read(db, id),
  ]);
  return rows.map(({ snapshot, ...r }) => ({
    ...r,
    changes: current === null ? 0 : diffSnapshots(snapshot, current).length,
  }));
}

async function revisionOr404(db: Db, kind: HistoryKind, id: string, revision: number) {
  const row = await getRevision(db, kind, id, revision);
  if (!row) throw new HttpError(404, HISTORY_MESSAGES.revisionNotFound);
  return row;
}

/** What differs between a revision and the item now, field by field. */
export async function revisionDiff(
  db: Db,
  kind: HistoryKind,
  id: string,
  revision: number,
): Promise<RevisionDiff> {
  const row = await revisionOr404(db, kind, id, revision);
  const current = await TRACKED[kind].read(db, id);
  if (current === null) throw new HttpError(404, HISTORY_MESSAGES.itemGone);
  const { snapshot, ...summary } = row;
  const changes = diffSnapshots(snapshot, current);
  return { revision: { ...summary, changes: changes.length }, changes };
}

/**
 * Puts a revision back: the item gets the revision's content, and that is recorded as a new
 * revision ('restore'), so a restore can itself be undone. A scene keeps the save rule: with
 * `version`, a scene saved by someone else since answers 409 and is not touched.
 */
export async function restoreRevision(
  db: Db,
  kind: HistoryKind,
  id: string,
  revision: number,
  author: Author | null,
  version?: number,
): Promise<number> {
  const row = await revisionOr404(db, kind, id, revision);
  if ((await TRACKED[kind].read(db, id)) === null) {
    throw new HttpError(404, HISTORY_MESSAGES.itemGone);
  }
  await keepOriginal(db, kind, id);
  await TRACKED[kind].restore(db, id, row.snapshot, version);
  const made = await recordRevision(db, kind, id, author, 'restore');
  return made ?? (await latestRevision(db, kind, id))?.revision ?? revision;
}
