import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Author, HistoryKind } from '../../../core/api/history.ts';
import type { WorldKind } from '../../../core/content/world-kind.ts';
import {
  deleteRows,
  getRow,
  insertRow,
  listRows,
  type RowTable,
  updateRow,
} from '../../db/repositories/content-rows.ts';
import type { Database } from '../../db/schema/database.ts';
import { deleteTracked, type TrackedChange, writeTracked } from '../history/record.ts';

type Db = Kysely<Database>;
type View<K extends WorldKind> = z.output<K['viewSchema']>;
type Input<K extends WorldKind> = z.output<K['inputSchema']>;

/*
 * The admin's world collections (random events, advertisements, sponsors, news): one set of
 * operations driven by the kind (core/content/). Rows are read back through the kind's row
 * schema and shown through its toView, so the API answers the same shape for every write.
 */

const tableOf = (kind: WorldKind): RowTable => ({ table: kind.table, key: 'id', json: [] });

/** Each kind's name in history. */
const HISTORY_KIND: Record<WorldKind['name'], HistoryKind> = {
  randomEvents: 'randomEvent',
  advertisements: 'advertisement',
  sponsors: 'sponsor',
  news: 'news',
};

/** The item a write changes, as history records it (its revision is written with the change). */
const change = (kind: WorldKind, id: string, author: Author | null): TrackedChange => ({
  kind: HISTORY_KIND[kind.name],
  id,
  author,
});

function view<K extends WorldKind>(kind: K, row: Record<string, unknown>): View<K> {
  return kind.toView(kind.rowSchema.parse(row)) as View<K>;
}

/** Every item of the kind, in the admin list's order. */
export async function listItems<K extends WorldKind>(db: Db, kind: K): Promise<View<K>[]> {
  const rows = await listRows(db, tableOf(kind), { orderBy: kind.orderBy });
  return rows.map((r) => view(kind, r));
}

/** One item, or null when the id does not exist. */
async function getItem<K extends WorldKind>(db: Db, kind: K, id: string): Promise<View<K> | null> {
  const row = await getRow(db, tableOf(kind), id);
  return row ? view(kind, row) : null;
}

/** Creates an item from the admin form (columns it leaves out get the row's defaults). */
export async function createItem<K extends WorldKind>(
  db: Db,
  kind: K,
  input: Input<K>,
  author: Author | null,
): Promise<View<K>> {
  const row = kind.rowSchema.parse({
    id: randomUUID(),
    created_at: new Date().toISOString(),
    ...kind.toValues(input),
  });
  await writeTracked(db, change(kind, String(row.id), author), 'create', (trx) =>
    insertRow(trx, tableOf(kind), row),
  );
  return view(kind, row);
}

/** Saves the admin form over an item; null when the id does not exist. */
export async function updateItem<K extends WorldKind>(
  db: Db,
  kind: K,
  id: string,
  input: Input<K>,
  author: Author | null,
): Promise<View<K> | null> {
  const values = kind.toValues(input);
  return setColumns(db, kind, id, values, author);
}

/** Writes columns of an item with its revision; null when the id does not exist. */
async function setColumns<K extends WorldKind>(
  db: Db,
  kind: K,
  id: string,
  values: Record<string, unknown>,
  author: Author | null,
): Promise<View<K> | null> {
  return writeTracked(db, change(kind, id, author), 'save', async (trx) =>
    (await updateRow(trx, tableOf(kind), id, values)) ? getItem(trx, kind, id) : null,
  );
}

/** Turns an item on or off (kinds with an Active switch); null when the id does not exist. */
export async function setItemActive<K extends WorldKind>(
  db: Db,
  kind: K,
  id: string,
  active: boolean,
  author: Author | null,
): Promise<View<K> | null> {
  if (!kind.activeColumn) return null;
  return setColumns(db, kind, id, { [kind.activeColumn]: active }, author);
}

/** Deletes an item (kept in 'Recently deleted'); false when it did not exist. */
export async function deleteItem(
  db: Db,
  kind: WorldKind,
  id: string,
  author: Author | null,
): Promise<boolean> {
  return deleteTracked(
    db,
    change(kind, id, author),
    async (trx) => (await deleteRows(trx, tableOf(kind), [id])) > 0,
  );
}
