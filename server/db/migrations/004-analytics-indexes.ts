import type { Kysely } from 'kysely';

/**
 * Analytics: arrivals at a scene are read by next_scene_id, and each option's picks by
 * option_id; both within a date range. (scene_id + created_at and created_at exist since 001.)
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('choice_log_next_scene_idx')
    .on('choice_log')
    .columns(['next_scene_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('players_current_scene_idx')
    .on('players')
    .columns(['current_scene_id', 'updated_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('players_current_scene_idx').execute();
  await db.schema.dropIndex('choice_log_next_scene_idx').execute();
}
