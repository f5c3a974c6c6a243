import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';
import { createIndexes, dropTables, required } from './helpers.ts';

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
    .$call(required({ owner_id: 'text', name: 'text' }))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('closed_at', t.timestamp)
    .addColumn('closed_reason', 'text')
    .$call(required({ created_at: t.timestamp, last_activity_at: t.timestamp }))
    .execute();
  await createIndexes(db, 'classes', { classes_owner_idx: 'owner_id' });
  await db.schema
    .createTable('class_students')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .$call(required({ class_id: 'text', name: 'text', name_key: 'text' }))
    .$call(required({ since: t.timestamp, joined_at: t.timestamp }))
    .addUniqueConstraint('class_students_name_uq', ['class_id', 'name_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['class_students', 'classes']);
}
