import type { Kysely } from 'kysely';
import { createIndexes, dropIndexes } from './helpers.ts';

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
  await createIndexes(db, 'choice_log', {
    choice_log_player_idx: ['player_id', 'created_at', 'id', 'event_id'],
  });
  await dropIndexes(db, ['choice_log_scene_idx']);
  await createIndexes(db, 'analytics_player_days', {
    analytics_player_days_people_idx: ['is_guest', 'player_id'],
  });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropIndexes(db, ['analytics_player_days_people_idx']);
  await createIndexes(db, 'choice_log', { choice_log_scene_idx: ['scene_id', 'created_at'] });
  await dropIndexes(db, ['choice_log_player_idx']);
}
