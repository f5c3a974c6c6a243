import type { ColumnType } from 'kysely';
import type { JsonText, Timestamp } from './columns.ts';

/** Table classes: a class a teacher runs (migration 013, docs/class-mode.md). */
export interface ClassesTable {
  id: string;
  /** The account that created the class (its teacher). */
  owner_id: string;
  name: string;
  /** The join code students type: 6 characters of CLASS_CODE_ALPHABET. */
  code: string;
  /** Set when the class stopped taking new students; null while open. */
  closed_at: Timestamp | null;
  /** Why it closed: 'teacher' or 'inactive' (90 days without activity). */
  closed_reason: string | null;
  created_at: Timestamp;
  /** The last join or teacher action; play counts through players.updated_at. */
  last_activity_at: Timestamp;
  /** Seats taken (migration 017): every seat write keeps it; a CHECK caps it at 200. */
  seat_count: ColumnType<number, number | undefined, number>;
}

/** Table class_students: a player's seat in one class (one class at a time). */
export interface ClassStudentsTable {
  user_id: string;
  class_id: string;
  /** The display name the student gave; seen by the class's teacher and admins only. */
  name: string;
  /** The name folded to lower case: unique within a class. */
  name_key: string;
  /** When the seat's current game began (join or reset). */
  since: Timestamp;
  joined_at: Timestamp;
}

/** Table class_undo: what a teacher's Reset or Remove took, kept until `expires_at` (migration 017). */
export interface ClassUndoTable {
  id: string;
  class_id: string;
  /** The student the action concerned. */
  user_id: string;
  kind: 'reset' | 'remove';
  /** JSON: the game row (reset) or the seat (remove) as it was before. */
  snapshot: JsonText;
  expires_at: Timestamp;
}
