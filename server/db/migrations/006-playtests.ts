import type { Kysely } from 'kysely';

/**
 * Play-tests ('Play from here'): an admin's test game is a players row of its own, keyed
 * `playtest-<uuid>`, with test_owner_id = the admin's user id. It never touches the admin's real
 * game, and analytics leave out every choice made in one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('players').addColumn('test_owner_id', 'text').execute();
  await db.schema
    .createIndex('players_test_owner_idx')
    .on('players')
    .column('test_owner_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('players_test_owner_idx').execute();
  await db.schema.alterTable('players').dropColumn('test_owner_id').execute();
}
