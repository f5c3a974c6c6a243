import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';
import { createIndexes, dropTables, optional, required } from './helpers.ts';

/**
 * History (docs/history.md):
 * - `revisions`: every save of a scene (its fields, stats and options) or of a world item keeps a
 *   numbered copy with who saved it and when; `kind` names the collection ('scene', 'sponsor',
 *   'page', 'setting', ...), `item_id` the item, `snapshot` the item as JSON.
 * - `undo_entries`: what a delete or an applied import replaced, so it can be put back
 *   ('Recently deleted', 'Undo import'); rows older than 30 days may be purged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ kind: 'text', item_id: 'text', revision: 'integer', action: 'text' }))
    .$call(optional({ author_id: 'text', author_name: 'text' }))
    .$call(required({ created_at: t.timestamp, snapshot: t.json }))
    .execute();
  await createIndexes(
    db,
    'revisions',
    { revisions_item_idx: ['kind', 'item_id', 'revision'] },
    { unique: true },
  );
  await db.schema
    .createTable('undo_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ action: 'text', kind: 'text', item_id: 'text', label: 'text' }))
    .$call(optional({ author_id: 'text', author_name: 'text' }))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('undone_at', t.timestamp)
    .addColumn('snapshot', t.json, (c) => c.notNull())
    .execute();
  await createIndexes(db, 'undo_entries', { undo_entries_created_idx: 'created_at' });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['undo_entries', 'revisions']);
}
