import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * SQLite: the analytics' running totals (migration 014) as clustered tables (WITHOUT ROWID), each
 * stored in the order of its primary key. A rowid table keeps its rows in one b-tree and the
 * primary key in another, and analytics_reach_days carried a third (migration 019's index holding
 * the count, for sums read from an index alone): the catch-up's upserts wrote every changed total
 * into each. Clustered, a total is one b-tree entry and the sum reads the table itself in key
 * order. Counting a year-like log (100,000 rows, slices of 1,000): 19 -> 14.5 µs of CPU a row.
 * PostgreSQL has no such tables (its heap and index are always apart): nothing changes there.
 */

interface Totals {
  /** Columns and the primary key, as migration 014 wrote them. */
  body: string;
  /** Secondary indexes the table keeps (name: columns). */
  indexes: Record<string, string>;
}

const TOTALS: Record<string, Totals> = {
  analytics_days: {
    body: `"day" text not null, "is_guest" integer not null, "choices" bigint not null,
      constraint "analytics_days_pk" primary key ("day", "is_guest")`,
    indexes: {},
  },
  analytics_player_days: {
    body: `"day" text not null, "player_id" text not null, "is_guest" integer not null,
      constraint "analytics_player_days_pk" primary key ("day", "player_id", "is_guest")`,
    indexes: {
      analytics_player_days_player_idx: '"player_id"',
      analytics_player_days_people_idx: '"is_guest", "player_id"',
    },
  },
  analytics_reach: {
    body: `"player_id" text not null, "scene_id" text not null, "is_guest" integer not null,
      "first_day" text not null,
      constraint "analytics_reach_pk" primary key ("player_id", "scene_id", "is_guest")`,
    indexes: {},
  },
  analytics_reach_days: {
    body: `"day" text not null, "scene_id" text not null, "is_guest" integer not null,
      "players" bigint not null,
      constraint "analytics_reach_days_pk" primary key ("scene_id", "is_guest", "day")`,
    indexes: {},
  },
  analytics_picks: {
    body: `"scene_id" text not null, "day" text not null, "option_id" text not null,
      "is_guest" integer not null, "picks" bigint not null,
      constraint "analytics_picks_pk" primary key ("scene_id", "day", "option_id", "is_guest")`,
    indexes: {},
  },
};

/** The index migration 019 added, which a clustered analytics_reach_days makes redundant. */
const SUM_INDEX = `create index "analytics_reach_days_sum_idx" on "analytics_reach_days"
  ("scene_id", "is_guest", "day", "players")`;

/**
 * Rebuilds each totals table with its rows and indexes, clustered or not, in one transaction (the
 * migrator runs SQLite's migrations outside one): a start stopped halfway leaves the old tables.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
async function rebuild(db: Kysely<any>, clustered: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [table, totals] of Object.entries(TOTALS))
      await rebuildOne(trx, table, totals, clustered);
  });
}

async function rebuildOne(
  // biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
  db: Kysely<any>,
  table: string,
  { body, indexes }: Totals,
  clustered: boolean,
): Promise<void> {
  const next = `${table}__rebuilt`;
  await sql.raw(`create table "${next}" (${body})${clustered ? ' without rowid' : ''}`).execute(db);
  await sql.raw(`insert into "${next}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${next}" rename to "${table}"`).execute(db);
  for (const [name, columns] of Object.entries(indexes)) {
    await sql.raw(`create index "${name}" on "${table}" (${columns})`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, true);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, false);
  await sql.raw(SUM_INDEX).execute(db);
}
