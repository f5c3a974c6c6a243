import type { Kysely } from 'kysely';
import type { FileRow } from '../../../core/transfer/format.ts';
import type { Database } from '../schema/database.ts';
import { json, now } from './values.ts';

/*
 * Rows of the content tables in the shape of core/content/ (booleans true/false, JSON columns as
 * values, timestamps ISO strings), for the import/export service, the demo content loader and
 * the world collections. The table names come from core (KINDS, WorldKind), so the queries are
 * built on an untyped view of the database; every value is checked by the kind's row schema.
 */

type Db = Kysely<Database>;
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const untyped = (db: Db) => db as unknown as AnyDb;

/** Where a kind of rows is stored: its table, key column and JSON-text columns. */
export interface RowTable {
  table: string;
  key: string;
  json: readonly string[];
}

/** Columns stored as booleans (1/0 on SQLite). */
const BOOL_COLUMNS = new Set(['is_end_of_day', 'is_ending', 'is_start', 'is_active', 'active']);

/** A stored row as core's row shape: booleans true/false, JSON parsed, timestamps ISO. */
function fromDb(t: RowTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (t.json.includes(k)) out[k] = typeof v === 'string' ? json<unknown>(v, v) : (v ?? null);
    else if (BOOL_COLUMNS.has(k)) out[k] = v === true || v === 1;
    else if (v instanceof Date) out[k] = v.toISOString();
    else out[k] = v;
  }
  return out;
}

/** Core's row shape as stored: JSON columns as text. */
function toDb(t: RowTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = t.json.includes(k) && v !== null && v !== undefined ? JSON.stringify(v) : v;
  }
  return out;
}

/** Every row of a table in the given order (by key unless told), in core's row shape. */
export async function listRows(
  db: Db,
  t: RowTable,
  options: {
    orderBy?: readonly (readonly [string, 'asc' | 'desc'])[];
    where?: readonly [string, unknown];
  } = {},
): Promise<Record<string, unknown>[]> {
  let q = untyped(db).selectFrom(t.table).selectAll();
  if (options.where) q = q.where(options.where[0], '=', options.where[1]);
  for (const [column, direction] of options.orderBy ?? [[t.key, 'asc'] as const]) {
    q = q.orderBy(column, direction);
  }
  return (await q.execute()).map((r) => fromDb(t, r));
}

/**
 * One page of a table's rows by key, those after `after` (null: from the first): long reads
 * (export, import plan, undo snapshot) go page by page so no single query holds the database.
 */
export async function listRowsPage(
  db: Db,
  t: RowTable,
  after: string | null,
  limit: number,
): Promise<Record<string, unknown>[]> {
  let q = untyped(db).selectFrom(t.table).selectAll();
  if (after !== null) q = q.where(t.key, '>', after);
  const rows = await q.orderBy(t.key, 'asc').limit(limit).execute();
  return rows.map((r) => fromDb(t, r));
}

/**
 * Inserts rows (every column given) in statements of many rows each, below both engines' limit
 * on bound values (SQLite 32,766, PostgreSQL 65,535).
 */
export async function insertRows(
  db: Db,
  t: RowTable,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  // One statement names one column list: rows are grouped by the columns they give.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const value = toDb(t, row);
    const columns = Object.keys(value).sort().join(',');
    const group = groups.get(columns);
    if (group) group.push(value);
    else groups.set(columns, [value]);
  }
  for (const [columns, values] of groups) {
    const per = Math.max(1, Math.floor(30_000 / Math.max(1, columns.split(',').length)));
    for (let i = 0; i < values.length; i += per) {
      await untyped(db)
        .insertInto(t.table)
        .values(values.slice(i, i + per))
        .execute();
    }
  }
}

/** One row by key, or null. */
export async function getRow(
  db: Db,
  t: RowTable,
  key: string,
): Promise<Record<string, unknown> | null> {
  const r = await untyped(db)
    .selectFrom(t.table)
    .selectAll()
    .where(t.key, '=', key)
    .executeTakeFirst();
  return r ? fromDb(t, r) : null;
}

/** Inserts one row (every column given). */
export async function insertRow(db: Db, t: RowTable, row: Record<string, unknown>): Promise<void> {
  await untyped(db).insertInto(t.table).values(toDb(t, row)).execute();
}

/** Sets some columns of one row; false when the key does not exist. */
export async function updateRow(
  db: Db,
  t: RowTable,
  key: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  const { [t.key]: _key, ...rest } = toDb(t, values);
  if (Object.keys(rest).length === 0) return (await getRow(db, t, key)) !== null;
  const r = await untyped(db)
    .updateTable(t.table)
    .set(rest)
    .where(t.key, '=', key)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes rows by key (500 at a time); returns how many went. */
export async function deleteRows(db: Db, t: RowTable, keys: readonly string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < keys.length; i += 500) {
    const r = await untyped(db)
      .deleteFrom(t.table)
      .where(t.key, 'in', keys.slice(i, i + 500))
      .executeTakeFirst();
    n += Number(r.numDeletedRows);
  }
  return n;
}

/** The stored images among these hashes, with their bytes (base64, as the file carries them). */
export async function filesByHash(db: Db, hashes: readonly string[]): Promise<FileRow[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .select(['hash', 'ext', 'mime', 'bucket', 'width', 'height', 'data'])
    .where('hash', 'in', [...hashes])
    .orderBy('hash')
    .execute();
  return rows.map((r) => ({
    ...r,
    ext: r.ext as FileRow['ext'],
    data: Buffer.from(r.data).toString('base64'),
  }));
}

/** Which of these hashes are stored already. */
export async function storedHashes(db: Db, hashes: readonly string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .select('hash')
    .where('hash', 'in', [...hashes])
    .execute();
  return rows.map((r) => r.hash);
}

/** Stores an image of an import (kept as it is when the hash is stored already). */
export async function insertImportedFile(db: Db, f: FileRow, bytes: Buffer): Promise<void> {
  await db
    .insertInto('files')
    .values({
      hash: f.hash,
      ext: f.ext,
      mime: f.mime,
      bucket: f.bucket,
      size: bytes.length,
      width: f.width,
      height: f.height,
      data: bytes,
      created_at: now(),
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/** Writes a settings key unless it exists; true when this call wrote it (a once-only claim). */
export async function claimSetting(db: Db, key: string, value: unknown): Promise<boolean> {
  const r = await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at: now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** True when the database holds at least one scene. */
export async function hasScenes(db: Db): Promise<boolean> {
  return (await db.selectFrom('scenarios').select('id').limit(1).executeTakeFirst()) !== undefined;
}
