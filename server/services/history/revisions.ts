import type { Kysely } from 'kysely';
import {
  type Author,
  HISTORY_MESSAGES,
  type HistoryKind,
  type RevisionDiff,
  type RevisionSummary,
} from '../../../core/api/history.ts';
import { diffSnapshots } from '../../../core/history/diff.ts';
import { getRevision, latestRevision, listRevisions } from '../../db/repositories/history.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { writeTracked } from './record.ts';
import { readSnapshot } from './snapshots.ts';
import { WRITEBACK } from './tracked.ts';

type Db = Kysely<Database>;

/** An item's revisions, newest first, each with how many fields differ from the item now. */
export async function itemHistory(
  db: Db,
  kind: HistoryKind,
  id: string,
): Promise<RevisionSummary[]> {
  const [rows, current] = await Promise.all([
    listRevisions(db, kind, id),
    readSnapshot(db, kind, id),
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
  const current = await readSnapshot(db, kind, id);
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
  if ((await readSnapshot(db, kind, id)) === null) {
    throw new HttpError(404, HISTORY_MESSAGES.itemGone);
  }
  const change = { kind, id, author };
  await writeTracked(db, change, 'restore', (trx) =>
    WRITEBACK[kind].restore(trx, id, row.snapshot, version),
  );
  return (await latestRevision(db, kind, id))?.revision ?? revision;
}
