import type { Kysely } from 'kysely';

/**
 * Scene versions ('Conflicts, not overwrites'): every save of a scene, its stats or its
 * options adds one, and a save that names an older version than the stored one is refused (409)
 * instead of silently undoing someone else's edit.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scenarios')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scenarios').dropColumn('version').execute();
}
