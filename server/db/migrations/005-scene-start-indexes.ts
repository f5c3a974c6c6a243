import type { Kysely } from 'kysely';

/**
 * Indexes for the start-scene lookup of every new game (the flagged start scene, else the oldest
 * scene): without them each 'Start New Game' scanned and sorted the whole scenes table, and with
 * 10,000 scenes 1,000 players joining at once overloaded the server (npm run bench).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('scenarios_created_idx')
    .on('scenarios')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('scenarios_start_idx')
    .on('scenarios')
    .columns(['is_start', 'created_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scenarios_start_idx').execute();
  await db.schema.dropIndex('scenarios_created_idx').execute();
}
