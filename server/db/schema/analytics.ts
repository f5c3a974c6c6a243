import type { Bool } from './columns.ts';

/*
 * The analytics' running totals, derived from choice_log (migration 014, docs/analytics.md). Days
 * are UTC 'YYYY-MM-DD'; counts are bigint on PostgreSQL (read as numbers) and integers on SQLite.
 */

/** Decisions made on a day, guests apart. */
export interface AnalyticsDaysTable {
  day: string;
  is_guest: Bool;
  choices: number;
}

/** One row per player (and guest state) who made a decision on a day. */
export interface AnalyticsPlayerDaysTable {
  day: string;
  player_id: string;
  is_guest: Bool;
}

/** The day a player first reached (arrived at or chose from) a scene. */
export interface AnalyticsReachTable {
  player_id: string;
  scene_id: string;
  is_guest: Bool;
  first_day: string;
}

/** How many players first reached a scene on a day: analytics_reach counted by first_day. */
export interface AnalyticsReachDaysTable {
  day: string;
  scene_id: string;
  is_guest: Bool;
  players: number;
}

/** Picks of an option on a day. */
export interface AnalyticsPicksTable {
  scene_id: string;
  day: string;
  option_id: string;
  is_guest: Bool;
  picks: number;
}

/** Named numbers of the roll-up ('counted_rows': choice_log rows with counted set). */
export interface AnalyticsStateTable {
  key: string;
  value: number;
}
