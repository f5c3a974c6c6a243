import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { now } from './values.ts';

export interface StoredFile {
  hash: string;
  ext: string;
  mime: string;
  bucket: string;
  size: number;
  width: number;
  height: number;
  data: Buffer;
}

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
