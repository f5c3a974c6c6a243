import type { ColumnType } from 'kysely';
import type { Bool, JsonText, Timestamp } from './columns.ts';

/** Table choice_log: every applied choice with the stats after it (the per-scene snapshot of the spec). */
export interface ChoiceLogTable {
  id: string;
  player_id: string;
  scene_id: string;
  option_id: string;
  next_scene_id: string | null;
  stats_after: JsonText;
  idempotency_key: string;
  is_guest: Bool;
  event_id: string | null;
  created_at: Timestamp;
  /** Already added to the analytics' running totals (migration 014); new rows start false. */
  counted: ColumnType<boolean | number, boolean | undefined, boolean>;
}
