import type { Bool, JsonText, Timestamp } from './columns.ts';

/** Table players: a player's progress, one row per user (guests included). */
export interface PlayersTable {
  user_id: string;
  current_scene_id: string | null;
  /** PlayerStats JSON (seven stats and inventory). */
  stats: JsonText;
  choice_count: number;
  scene_count: number;
  last_event_at: Timestamp | null;
  /** The random event the player saw last (migration 008); null when none yet. */
  last_event_id: string | null;
  is_guest: Bool;
  version: number;
  /** Set on an admin's play-test game (migration 006): the admin's user id; null for real games. */
  test_owner_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
