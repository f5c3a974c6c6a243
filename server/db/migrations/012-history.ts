import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

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
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('snapshot', t.json, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revisions_item_idx')
    .on('revisions')
    .columns(['kind', 'item_id', 'revision'])
    .unique()
    .execute();
  await db.schema
    .createTable('undo_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('undone_at', t.timestamp)
    .addColumn('snapshot', t.json, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('undo_entries_created_idx')
    .on('undo_entries')
    .column('created_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('undo_entries').execute();
  await db.schema.dropTable('revisions').execute();
}
