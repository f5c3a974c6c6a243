import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from './column-types.ts';

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
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('is_guest', t.bool, (c) => c.notNull())
    .addColumn('choices', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_days_pk', ['day', 'is_guest'])
    .execute();
  await db.schema
    .createTable('analytics_player_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('is_guest', t.bool, (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_player_days_pk', ['day', 'player_id', 'is_guest'])
    .execute();
  await db.schema
    .createIndex('analytics_player_days_player_idx')
    .on('analytics_player_days')
    .column('player_id')
    .execute();
  await db.schema
    .createTable('analytics_reach')
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('scene_id', 'text', (c) => c.notNull())
    .addColumn('is_guest', t.bool, (c) => c.notNull())
    .addColumn('first_day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_reach_pk', ['player_id', 'scene_id', 'is_guest'])
    .execute();
  await db.schema
    .createTable('analytics_reach_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scene_id', 'text', (c) => c.notNull())
    .addColumn('is_guest', t.bool, (c) => c.notNull())
    .addColumn('players', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_reach_days_pk', ['scene_id', 'is_guest', 'day'])
    .execute();
  await db.schema
    .createTable('analytics_picks')
    .addColumn('scene_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('option_id', 'text', (c) => c.notNull())
    .addColumn('is_guest', t.bool, (c) => c.notNull())
    .addColumn('picks', 'bigint', (c) => c.notNull())
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
  for (const table of [
    'analytics_state',
    'analytics_picks',
    'analytics_reach_days',
    'analytics_reach',
    'analytics_player_days',
    'analytics_days',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('choice_log_uncounted_idx').execute();
  await db.schema.alterTable('choice_log').dropColumn('counted').execute();
}
