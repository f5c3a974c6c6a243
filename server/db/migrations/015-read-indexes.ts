import type { Kysely } from 'kysely';

/**
 * A player's logged choices, newest first, read from one index: the events their current game
 * has shown (server/db/repositories/choice-log.ts, on every choice and scene read of a guest),
 * the recovery's last steps and a class's choices. Before this, each of those found the player's
 * rows through the (player_id, idempotency_key) index, fetched every one and sorted them, so a
 * choice cost more the longer the player had played. event_id rides in the index so the events
 * read never touches the table.
 *
 * choice_log_scene_idx (scene_id, created_at) goes: the analytics read running totals since
 * migration 014, and nothing else reads the log by scene.
 *
 * analytics_player_days gains (is_guest, player_id): the analytics overview's distinct people of
 * all time walk it in order instead of sorting every player-day (SQLite, 200,000 player-days:
 * 140 -> 18 ms).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('choice_log_player_idx')
    .on('choice_log')
    .columns(['player_id', 'created_at', 'id', 'event_id'])
    .execute();
  await db.schema.dropIndex('choice_log_scene_idx').execute();
  await db.schema
    .createIndex('analytics_player_days_people_idx')
    .on('analytics_player_days')
    .columns(['is_guest', 'player_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('analytics_player_days_people_idx').execute();
  await db.schema
    .createIndex('choice_log_scene_idx')
    .on('choice_log')
    .columns(['scene_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('choice_log_player_idx').execute();
}
