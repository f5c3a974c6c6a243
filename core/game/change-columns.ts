import { toNumber, toStatChanges } from './stats.ts';
import type { StatChanges, StatKey } from './stats.types.ts';

/**
 * The `*_change` columns shared by random events and older options, and the stat each one
 * changes (product rules "Content", "Limits" rules: budget→gold, knowledge→intelligence, delusion→delusion,
 * revenue→revenue, happiness→charisma, traffic→strength, seo ranking→health).
 */
export const CHANGE_COLUMNS = Object.freeze({
  budget_change: 'gold',
  knowledge_change: 'intelligence',
  delusion_change: 'delusion',
  revenue_change: 'revenue',
  happiness_change: 'charisma',
  traffic_change: 'strength',
  seo_ranking_change: 'health',
} as const satisfies Record<string, StatKey>);

/** Name of one of the seven `*_change` columns. */
export type ChangeColumn = keyof typeof CHANGE_COLUMNS;

/** The seven change columns in their spec order. */
export const CHANGE_COLUMN_NAMES = Object.keys(CHANGE_COLUMNS) as ChangeColumn[];

/** An option as stored: `stats_changes` plus the optional older columns. */
export type OptionChangeFields = { stats_changes?: unknown } & Partial<
  Record<ChangeColumn, unknown>
>;

/**
 * The stat changes an option makes: its `stats_changes` object (or JSON string), with the
 * older `*_change` columns filling any stat it does not name. A column counts when it is not
 * null, so an option saved by the admin editor with only `budget_change`/`knowledge_change`
 * costs exactly that budget and no default 5 gold.
 */
export function optionStatChanges(option: OptionChangeFields): StatChanges {
  const changes = toStatChanges(option.stats_changes);
  for (const column of CHANGE_COLUMN_NAMES) {
    const raw = option[column];
    const key = CHANGE_COLUMNS[column];
    if (raw !== undefined && raw !== null && changes[key] === undefined) {
      changes[key] = toNumber(raw);
    }
  }
  return changes;
}
