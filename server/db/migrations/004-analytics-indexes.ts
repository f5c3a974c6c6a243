import type { Kysely } from 'kysely';
import { createIndexes, dropIndexes } from './helpers.ts';

/**
 * Analytics: arrivals at a scene are read by next_scene_id, and each option's picks by
 * option_id; both within a date range. (scene_id + created_at and created_at exist since 001.)
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await createIndexes(db, 'choice_log', {
    choice_log_next_scene_idx: ['next_scene_id', 'created_at'],
  });
  await createIndexes(db, 'players', {
    players_current_scene_idx: ['current_scene_id', 'updated_at'],
  });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['players_current_scene_idx', 'choice_log_next_scene_idx']);
}
