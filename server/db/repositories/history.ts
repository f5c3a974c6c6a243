import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Author } from '../../../core/api/history.ts';
import type { Database } from '../schema/database.ts';
import type { RevisionsTable, UndoEntriesTable } from '../schema/history.ts';
import { json, now } from './values.ts';

type Db = Kysely<Database>;

/** True when some scene is the initial one (a scene put back does not take the flag then). */
export async function hasInitialScene(db: Db): Promise<boolean> {
  const r = await db
    .selectFrom('scenarios')
    .select('id')
    .where('is_start', '=', true)
    .executeTakeFirst();
  return r !== undefined;
}

/** A stored revision with its snapshot parsed. */
export interface RevisionRow {
  revision: number;
  action: string;
  authorName: string | null;
  createdAt: string;
  snapshot: unknown;
}

const toRevision = (r: Selectable<RevisionsTable>): RevisionRow => ({
  revision: Number(r.revision),
  action: r.action,
  authorName: r.author_name,
  createdAt: r.created_at,
  snapshot: json<unknown>(r.snapshot, null),
});

/** The revisions of one item, newest first (a query to narrow). */
const revisionsOf = (db: Db, kind: string, itemId: string) =>
  db
    .selectFrom('revisions')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('revision', 'desc');

/** An item's revisions, newest first. */
export async function listRevisions(db: Db, kind: string, itemId: string): Promise<RevisionRow[]> {
  return (await revisionsOf(db, kind, itemId).execute()).map(toRevision);
}

/** One revision of an item, or null. */
export async function getRevision(
  db: Db,
  kind: string,
  itemId: string,
  revision: number,
): Promise<RevisionRow | null> {
  const r = await revisionsOf(db, kind, itemId).where('revision', '=', revision).executeTakeFirst();
  return r ? toRevision(r) : null;
}

/** The newest revision of an item, or null when it has none. */
export async function latestRevision(
  db: Db,
  kind: string,
  itemId: string,
): Promise<RevisionRow | null> {
  const r = await revisionsOf(db, kind, itemId).limit(1).executeTakeFirst();
  return r ? toRevision(r) : null;
}

/**
 * Appends a revision numbered after the newest; the unique index refuses a number taken twice.
 * With `unlessTaken`, a number taken meanwhile (two first saves keeping the same original) is
 * left as it is and 0 is answered, without failing the caller's transaction.
 */
export async function insertRevision(
  db: Db,
  entry: { kind: string; itemId: string; action: string; author: Author | null; snapshot: unknown },
  unlessTaken = false,
): Promise<number> {
  const last = await latestRevision(db, entry.kind, entry.itemId);
  const revision = (last?.revision ?? 0) + 1;
  const r = await db
    .insertInto('revisions')
    .values({
      id: randomUUID(),
      kind: entry.kind,
      item_id: entry.itemId,
      revision,
      action: entry.action,
      author_id: entry.author?.id ?? null,
      author_name: entry.author?.name ?? null,
      created_at: now(),
      snapshot: JSON.stringify(entry.snapshot),
    })
    .$if(unlessTaken, (q) =>
      q.onConflict((oc) => oc.columns(['kind', 'item_id', 'revision']).doNothing()),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 1n) > 0 ? revision : 0;
}

/**
 * Moves an item's revisions to another item id (a deleted item's history travels with its
 * 'Recently deleted' entry and comes back with it; an id used again starts a fresh history).
 */
export async function moveRevisions(db: Db, kind: string, from: string, to: string) {
  await db
    .updateTable('revisions')
    .set({ item_id: to })
    .where('kind', '=', kind)
    .where('item_id', '=', from)
    .execute();
}

/** The items with a revision made after `since` (ISO), each once. */
export async function itemsRevisedSince(
  db: Db,
  since: string,
): Promise<{ kind: string; itemId: string }[]> {
  const rows = await db
    .selectFrom('revisions')
    .select(['kind', 'item_id'])
    .where('created_at', '>', since)
    .where('action', '<>', 'original')
    .groupBy(['kind', 'item_id'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, itemId: r.item_id }));
}

/** A stored undo entry with its snapshot parsed. */
export interface UndoRow {
  id: string;
  action: 'delete' | 'import';
  kind: string;
  itemId: string;
  label: string;
  authorName: string | null;
  createdAt: string;
  undoneAt: string | null;
  snapshot: unknown;
}

const toUndo = (r: Selectable<UndoEntriesTable>): UndoRow => ({
  id: r.id,
  action: r.action === 'import' ? 'import' : 'delete',
  kind: r.kind,
  itemId: r.item_id,
  label: r.label,
  authorName: r.author_name,
  createdAt: r.created_at,
  undoneAt: r.undone_at,
  snapshot: json<unknown>(r.snapshot, null),
});

/** Records what a delete or an import replaced; returns the entry's id. */
export async function insertUndoEntry(
  db: Db,
  e: {
    action: 'delete' | 'import';
    kind: string;
    itemId: string;
    label: string;
    author: Author | null;
    snapshot: unknown;
    at?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('undo_entries')
    .values({
      id,
      action: e.action,
      kind: e.kind,
      item_id: e.itemId,
      label: e.label,
      author_id: e.author?.id ?? null,
      author_name: e.author?.name ?? null,
      created_at: e.at ?? now(),
      undone_at: null,
      snapshot: JSON.stringify(e.snapshot),
    })
    .execute();
  return id;
}

/** Entries made since `since` (ISO), newest first, without their snapshots' weight in memory. */
export async function listUndoEntries(db: Db, since: string): Promise<Omit<UndoRow, 'snapshot'>[]> {
  const rows = await db
    .selectFrom('undo_entries')
    .select(['id', 'action', 'kind', 'item_id', 'label', 'author_name', 'created_at', 'undone_at'])
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const { snapshot: _s, ...rest } = toUndo({ ...r, author_id: null, snapshot: 'null' });
    return rest;
  });
}

/** One entry with its snapshot, or null. */
export async function getUndoEntry(db: Db, id: string): Promise<UndoRow | null> {
  const r = await db.selectFrom('undo_entries').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toUndo(r) : null;
}

/** Marks an entry undone, once: false when it was undone already (two clicks, two admins); `undone` false makes it undoable again (a failed undo). */
export async function markUndone(db: Db, id: string, undone = true): Promise<boolean> {
  const r = await db
    .updateTable('undo_entries')
    .set({ undone_at: undone ? now() : null })
    .where('id', '=', id)
    .where('undone_at', undone ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes entries made before `before` (ISO); returns how many went. */
export async function purgeUndoEntries(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('undo_entries').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
