import type { ColumnType } from 'kysely';
import type { Bool, JsonText, Timestamp } from './columns.ts';

/** Table scenarios: one scene of the adventure (product rules "Content" 'Scene'). */
export interface ScenariosTable {
  id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  image_url: string | null;
  html_section: string | null;
  reference: string | null;
  ai_instructions: string | null;
  stats_config: JsonText | null;
  day: number | null;
  is_end_of_day: Bool;
  is_ending: Bool;
  is_start: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every admin save; a save from an older version is a conflict (migration 007). */
  version: ColumnType<number, number | undefined, number>;
  /** The box's saved place on the story map; null: laid out automatically (migration 010). */
  map_x: number | null;
  map_y: number | null;
  /** The scene's tags, a JSON array of strings (kept from Twine; migration 010). */
  tags: JsonText | null;
}
