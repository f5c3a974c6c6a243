import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from './column-types.ts';
import { createIndexes, dropTables, required } from './helpers.ts';

/**
 * Analytics from running totals instead of scans of the choice log (docs/analytics.md):
 * - choice_log.counted marks the rows already added to the totals; a partial index keeps the rows
 *   still to count (new ones, and any that reached the log another way) cheap to find;
 * - analytics_days: decisions per UTC day, guests apart;
 * - analytics_player_days: who made a decision on a day (distinct people in a range);
 * - analytics_reach: the day each player first reached a scene; analytics_reach_days: how many
 *   first reached it on each day;
 * - analytics_picks: each option's picks per day;
 * - analytics_state: the number of counted log rows, checked at start.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  const falsy = isPostgres(db) ? sql`false` : sql`0`;
  await db.schema
    .alterTable('choice_log')
    .addColumn('counted', t.bool, (c) => c.notNull().defaultTo(falsy))
    .execute();
  // The same condition as uncountedCondition() in server/db/repositories/analytics-rollup.ts.
  await sql`create index choice_log_uncounted_idx on choice_log (id) where counted = ${falsy}`.execute(
    db,
  );
  await db.schema
    .createTable('analytics_days')
    .$call(required({ day: 'text', is_guest: t.bool, choices: 'bigint' }))
    .addPrimaryKeyConstraint('analytics_days_pk', ['day', 'is_guest'])
    .execute();
  await db.schema
    .createTable('analytics_player_days')
    .$call(required({ day: 'text', player_id: 'text', is_guest: t.bool }))
    .addPrimaryKeyConstraint('analytics_player_days_pk', ['day', 'player_id', 'is_guest'])
    .execute();
  await createIndexes(db, 'analytics_player_days', {
    analytics_player_days_player_idx: 'player_id',
  });
  await db.schema
    .createTable('analytics_reach')
    .$call(required({ player_id: 'text', scene_id: 'text', is_guest: t.bool, first_day: 'text' }))
    .addPrimaryKeyConstraint('analytics_reach_pk', ['player_id', 'scene_id', 'is_guest'])
    .execute();
  await db.schema
    .createTable('analytics_reach_days')
    .$call(required({ day: 'text', scene_id: 'text', is_guest: t.bool, players: 'bigint' }))
    .addPrimaryKeyConstraint('analytics_reach_days_pk', ['scene_id', 'is_guest', 'day'])
    .execute();
  await db.schema
    .createTable('analytics_picks')
    .$call(required({ scene_id: 'text', day: 'text', option_id: 'text' }))
    .$call(required({ is_guest: t.bool, picks: 'bigint' }))
    .addPrimaryKeyConstraint('analytics_picks_pk', ['scene_id', 'day', 'option_id', 'is_guest'])
    .execute();
  await db.schema
    .createTable('analytics_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'analytics_state',
    'analytics_picks',
    'analytics_reach_days',
    'analytics_reach',
    'analytics_player_days',
    'analytics_days',
  ]);
  await db.schema.dropIndex('choice_log_uncounted_idx').execute();
  await db.schema.alterTable('choice_log').dropColumn('counted').execute();
}
