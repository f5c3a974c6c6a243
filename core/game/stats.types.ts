/** The seven numeric player stats, by their storage keys (product rules "Content"). */
export const STAT_KEYS = [
  'health',
  'strength',
  'intelligence',
  'charisma',
  'gold',
  'delusion',
  'revenue',
] as const;

/** One of the seven stat keys. */
export type StatKey = (typeof STAT_KEYS)[number];

/** A player's numeric stats plus inventory. */
export type PlayerStats = Record<StatKey, number> & { inventory: string[] };

/** What an option does to the stats: numeric deltas plus inventory lists (product rules "Content" 'Stat changes object'). */
export type StatChanges = Partial<Record<StatKey, number>> & {
  addInventory?: string[];
  removeInventory?: string[];
};

/** One entry of a scene's stats_config (product rules "Content" 'Stat definition'). */
export interface StatDefinition {
  id: string;
  name: string;
  defaultValue: number;
  description?: string;
  icon?: string;
}
