import type { Kysely } from 'kysely';
import { createConsultantRow } from '../db/repositories/consultants.ts';
import type { Database } from '../db/schema/database.ts';
import { importOnce } from '../services/transfer/transfer.ts';
import { type Content, readContent, toBundle } from './content-files.ts';

/** Settings key that records the content was loaded once; after that admins own the data. */
export const CONTENT_MARKER = 'content_loaded';

/**
 * Fills an empty database from content/, through the import path an author's file takes
 * (toBundle, then the import's writes in one transaction). Runs once: the marker in settings is
 * claimed in that transaction, and a database that already has scenes is left alone, so an
 * admin's edits are never overwritten. Returns the number of scenes loaded, or 0.
 */
export async function loadContent(db: Kysely<Database>, content?: Content): Promise<number> {
  const data = content ?? (await readContent());
  const at = new Date();
  const marker = { key: CONTENT_MARKER, value: { at: at.toISOString() } };
  const bundle = toBundle(data, at);
  bundle.settings = [...(bundle.settings ?? []), { ...marker, updated_at: marker.value.at }];
  const loaded = await importOnce(db, bundle, marker, async (trx) => {
    // Sample consultants are personal-data rows the adventure file never carries.
    for (const c of data.consultants) await createConsultantRow(trx, c, at);
  });
  return loaded ? data.scenes.length : 0;
}
