import type { Kysely } from 'kysely';
import { createIndexes, dropIndexes } from './helpers.ts';

/**
 * files.pending_from: the address (addressKey: IPv4, or IPv6 /64) a visitor's photo came from
 * while no application uses it; null once an application does, and for every upload an admin
 * made or imported. Unattached photos count against their address's storage allowance and are
 * removed a day after upload (server/services/images/pending-uploads.ts, docs/security.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('pending_from', 'text').execute();
  await createIndexes(db, 'files', { files_pending_idx: ['pending_from', 'created_at'] });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['files_pending_idx']);
  await db.schema.alterTable('files').dropColumn('pending_from').execute();
}
