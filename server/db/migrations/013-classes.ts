import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Class mode (docs/class-mode.md): `classes` belong to the account that created them (owner_id);
 * `class_students` seats one player (a guest or an account) in one class at a time (user_id is
 * the key) under a display name unique in its class (name_key: the name folded to lower case).
 * `since` is when the seat's current game began (join or the teacher's reset): the class picture
 * reads the choice log from then on.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('closed_at', t.timestamp)
    .addColumn('closed_reason', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_activity_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classes_owner_idx').on('classes').column('owner_id').execute();
  await db.schema
    .createTable('class_students')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('since', t.timestamp, (c) => c.notNull())
    .addColumn('joined_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('class_students_name_uq', ['class_id', 'name_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('class_students').execute();
  await db.schema.dropTable('classes').execute();
}
