import type { Kysely } from 'kysely';
import { createIndexes, dropIndexes } from './helpers.ts';

/**
 * Indexes for the start-scene lookup of every new game (the flagged start scene, else the oldest
 * scene): without them each 'Start New Game' scanned and sorted the whole scenes table, and with
 * 10,000 scenes 1,000 players joining at once overloaded the server (npm run bench).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await createIndexes(db, 'scenarios', {
    scenarios_created_idx: ['created_at', 'id'],
    scenarios_start_idx: ['is_start', 'created_at', 'id'],
  });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['scenarios_start_idx', 'scenarios_created_idx']);
}
