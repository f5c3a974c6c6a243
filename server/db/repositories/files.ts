import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { FilesTable } from '../schema/files.ts';
import { now } from './values.ts';

/** A stored image: its files row without the insert time and the pending mark. */
export type StoredFile = Omit<FilesTable, 'created_at' | 'pending_from'>;

/**
 * Stores a file by content hash; storing the same bytes twice keeps one row. `pendingFrom` marks
 * a visitor's photo no application uses yet (its address key); an upload without it (an admin's)
 * of bytes already stored as pending keeps them for good.
 */
export async function putFile(
  db: Kysely<Database>,
  file: StoredFile,
  pendingFrom?: string,
): Promise<void> {
  await db
    .insertInto('files')
    .values({ ...file, created_at: now(), pending_from: pendingFrom ?? null })
    .onConflict((oc) =>
      pendingFrom === undefined
        ? oc.column('hash').doUpdateSet({ pending_from: null })
        : oc.column('hash').doNothing(),
    )
    .execute();
}

/** A stored file by hash, or null. */
export async function getFile(db: Kysely<Database>, hash: string): Promise<StoredFile | null> {
  const row = await db
    .selectFrom('files')
    .select(['hash', 'ext', 'mime', 'bucket', 'size', 'width', 'height', 'data'])
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row ? { ...row, data: Buffer.from(row.data) } : null;
}

/** Checks the files table answers (the upload status check); throws when it does not. */
export async function pingFiles(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('files').select('hash').limit(1).execute();
}

/** Bytes of pending photos from one address key. */
export async function pendingBytes(db: Kysely<Database>, from: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('pending_from', '=', from)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The photo is used by an application: no longer pending. */
export async function attachFile(db: Kysely<Database>, hash: string): Promise<void> {
  await db.updateTable('files').set({ pending_from: null }).where('hash', '=', hash).execute();
}

/**
 * Deletes up to `limit` pending photos stored before `before` that nothing uses (no application,
 * scene, sponsor, advertisement or random event names its URL); returns how many.
 */
export async function deleteStalePending(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  const unused = (table: string, column: string) =>
    sql<boolean>`not exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} like ${'%/uploads/'} || files.hash || ${'.%'})`;
  // Pending, old, and named by nothing that shows a photo.
  const stale = (eb: ExpressionBuilder<Database, 'files'>) =>
    eb.and([
      eb('pending_from', 'is not', null),
      eb('created_at', '<', before),
      unused('consultant_submissions', 'image_url'),
      unused('scenarios', 'image_url'),
      unused('sponsors', 'image_url'),
      unused('advertisements', 'image_url'),
      unused('random_events', 'media_url'),
    ]);
  // Usually none: a read then, not a write (a write makes the server forget the players rows and
  // content it remembers: player-rows.ts, content-writes.ts). The delete asks again, in case one
  // came into use meanwhile.
  const doomed = await db.selectFrom('files').select('hash').where(stale).limit(limit).execute();
  if (doomed.length === 0) return 0;
  const hashes = doomed.map((d) => d.hash);
  const result = await db
    .deleteFrom('files')
    .where('hash', 'in', hashes)
    .where(stale)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
