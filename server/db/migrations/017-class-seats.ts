import { type Kysely, sql } from 'kysely';
import { columnTypes } from './column-types.ts';
import { createIndexes, required } from './helpers.ts';

/**
 * Class mode's safety (docs/class-mode.md 'Seats and the cap', 'Undo'):
 * - `classes.seat_count`: the class's seats, kept by every seat write in the same transaction;
 *   a join takes a seat with one conditional update (`seat_count < 200`), and the CHECK holds
 *   the cap whatever writes the table, so concurrent joins never pass 200.
 * - `class_undo`: what a teacher's Reset or Remove took away, kept for a while so it can be
 *   put back.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('classes')
    .addColumn('seat_count', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`seat_count >= 0 and seat_count <= 200`),
    )
    .execute();
  await sql`update classes set seat_count = (select count(*) from class_students where class_students.class_id = classes.id)`.execute(
    db,
  );
  await db.schema
    .createTable('class_undo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ class_id: 'text', user_id: 'text', kind: 'text' }))
    .$call(required({ snapshot: t.json, expires_at: t.timestamp }))
    .execute();
  await createIndexes(db, 'class_undo', { class_undo_class_idx: 'class_id' });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('class_undo').execute();
  await db.schema.alterTable('classes').dropColumn('seat_count').execute();
}
