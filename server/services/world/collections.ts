import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
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

type Db = Kysely<Database>;
type View<K extends WorldKind> = z.output<K['viewSchema']>;
type Input<K extends WorldKind> = z.output<K['inputSchema']>;

/*
 * The admin's world collections (random events, advertisements, sponsors, news): one set of
 * operations driven by the kind (core/content/). Rows are read back through the kind's row
 * schema and shown through its toView, so the API answers the same shape for every write.
 */

const tableOf = (kind: WorldKind): RowTable => ({ table: kind.table, key: 'id', json: [] });

function view<K extends WorldKind>(kind: K, row: Record<string, unknown>): View<K> {
  return kind.toView(kind.rowSchema.parse(row)) as View<K>;
}

/** Every item of the kind, in the admin list's order. */
export async function listItems<K extends WorldKind>(db: Db, kind: K): Promise<View<K>[]> {
  const rows = await listRows(db, tableOf(kind), { orderBy: kind.orderBy });
  return rows.map((r) => view(kind, r));
}

/** One item, or null when the id does not exist. */
export async function getItem<K extends WorldKind>(
  db: Db,
  kind: K,
  id: string,
): Promise<View<K> | null> {
  const row = await getRow(db, tableOf(kind), id);
  return row ? view(kind, row) : null;
}

/** Creates an item from the admin form (columns it leaves out get the row's defaults). */
export async function createItem<K extends WorldKind>(
  db: Db,
  kind: K,
  input: Input<K>,
): Promise<View<K>> {
  const row = kind.rowSchema.parse({
    id: randomUUID(),
    created_at: new Date().toISOString(),
    ...kind.toValues(input),
  });
  await insertRow(db, tableOf(kind), row);
  return view(kind, row);
}

/** Saves the admin form over an item; null when the id does not exist. */
export async function updateItem<K extends WorldKind>(
  db: Db,
  kind: K,
  id: string,
  input: Input<K>,
): Promise<View<K> | null> {
  if (!(await updateRow(db, tableOf(kind), id, kind.toValues(input)))) return null;
  return getItem(db, kind, id);
}

/** Turns an item on or off (kinds with an Active switch); null when the id does not exist. */
export async function setItemActive<K extends WorldKind>(
  db: Db,
  kind: K,
  id: string,
  active: boolean,
): Promise<View<K> | null> {
  if (!kind.activeColumn) return null;
  if (!(await updateRow(db, tableOf(kind), id, { [kind.activeColumn]: active }))) return null;
  return getItem(db, kind, id);
}

/** Deletes an item; false when it did not exist. */
export async function deleteItem(db: Db, kind: WorldKind, id: string): Promise<boolean> {
  return (await deleteRows(db, tableOf(kind), [id])) > 0;
}
