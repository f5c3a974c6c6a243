import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { FilesTable } from '../schema/files.ts';
import { now } from './values.ts';

/** A stored image: its files row without the insert time. */
export type StoredFile = Omit<FilesTable, 'created_at'>;

/** Stores a file by content hash; storing the same bytes twice keeps one row. */
export async function putFile(db: Kysely<Database>, file: StoredFile): Promise<void> {
  await db
    .insertInto('files')
    .values({ ...file, created_at: now() })
    .onConflict((oc) => oc.column('hash').doNothing())
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
