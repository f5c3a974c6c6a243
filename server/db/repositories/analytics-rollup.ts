import { type Kysely, sql, type Transaction } from 'kysely';
import { LOG_AND_TOTALS_ONLY } from '../log-only-sql.ts';
import type { Database } from '../schema/database.ts';
import { COUNTED_ROWS } from './analytics-slice.ts';
import { bool } from './values.ts';

/*
 * The analytics' running totals (docs/analytics.md): rows of choice_log not yet counted are added
 * in slices (./analytics-slice.ts), each slice one transaction that adds them and marks them
 * counted, so a crash between slices loses nothing and counts nothing twice. Here: the check at
 * start, the recount, the retention, a guest's move, and the backlog's size. Reads are in
 * ./analytics.ts.
 */

type Db = Kysely<Database>;
type Tx = Transaction<Database>;

/** The first day (days since 1970-01-01, UTC) whose raw rows the retention has not removed. */
const RETAINED_FROM = 'retained_from_day';

/**
 * The condition of migration 014's partial index, written the same way in every query that should
 * use it (SQLite takes a partial index only when the query repeats its condition literally).
 */
function uncountedCondition(postgres: boolean, alias?: string): string {
  const column = alias ? `${alias}.counted` : 'counted';
  return postgres ? `${column} = false` : `${column} = 0`;
}

/** Adds `n` to a counter row keyed by its primary key columns (insert or add). */
function addCounts<T extends 'analytics_days' | 'analytics_reach_days' | 'analytics_picks'>(
  tx: Tx,
  table: T,
  keys: string[],
  column: 'choices' | 'players' | 'picks',
  rows: Record<string, unknown>[],
) {
  if (rows.length === 0) return Promise.resolve();
  // The three counter tables share this shape; Kysely cannot type a table chosen at run time.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const values = rows as any;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const conflict = keys as any;
  const sum = sql`${sql.ref(`${table}.${column}`)} + excluded.${sql.ref(column)}`;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const add = { [column]: sum } as any;
  return tx
    .insertInto(table)
    .values(values)
    .onConflict((oc) => oc.columns(conflict).doUpdateSet(add))
    .execute();
}

/** Counts a map's entries into rows: key parts split on '\u0000'. */
function tally(map: Map<string, number>, names: string[], column: string) {
  return [...map].map(([key, n]) => {
    const parts = key.split('\u0000');
    const row: Record<string, unknown> = { [column]: n };
    names.forEach((name, i) => {
      row[name] = name === 'is_guest' ? parts[i] === '1' : parts[i];
    });
    return row;
  });
}

/** Rows per statement: 1,000 rows of up to five values stay far below both engines' limits. */
const CHUNK = 1000;

/** The items in runs of CHUNK. */
function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

const bump = (map: Map<string, number>, key: string, by = 1) =>
  map.set(key, (map.get(key) ?? 0) + by);

/** Sets a named number of the roll-up to `value`, or adds `value` to it (`add`). */
async function writeState(tx: Tx | Db, key: string, value: number, add = false): Promise<void> {
  const next = add ? sql<number>`analytics_state.value + excluded.value` : value;
  await tx
    .insertInto('analytics_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: next }))
    .execute();
}

/** The counted log rows the totals say there are, and the number really in the log. */
export async function countedRows(
  db: Db,
  postgres: boolean,
): Promise<{ recorded: number; actual: number }> {
  const state = await db
    .selectFrom('analytics_state')
    .select('value')
    .where('key', '=', COUNTED_ROWS)
    .executeTakeFirst();
  // All rows less the uncounted ones: a count of every row walks the smallest index, the
  // uncounted ones their partial index; `counted = true` alone would read the whole table.
  const all = await db
    .selectFrom('choice_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const open = await db
    .selectFrom('choice_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql.raw<boolean>(uncountedCondition(postgres)))
    .executeTakeFirstOrThrow();
  return { recorded: Number(state?.value ?? 0), actual: Number(all.n) - Number(open.n) };
}

/**
 * Starts the totals again for every day the retention has not removed from the raw log (days
 * before it keep theirs, having no raw rows left to count): their counts are dropped and every log
 * row is marked uncounted, so the next catch-up counts them anew. Used when the log changed
 * outside the decision path.
 */
export async function resetForRecount(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const kept = await tx
      .selectFrom('analytics_state')
      .select('value')
      .where('key', '=', RETAINED_FROM)
      .executeTakeFirst();
    const from = kept ? new Date(Number(kept.value) * 86_400_000).toISOString().slice(0, 10) : '';
    await tx.deleteFrom('analytics_days').where('day', '>=', from).execute();
    await tx.deleteFrom('analytics_player_days').where('day', '>=', from).execute();
    await tx.deleteFrom('analytics_picks').where('day', '>=', from).execute();
    await tx.deleteFrom('analytics_reach').where('first_day', '>=', from).execute();
    await tx.deleteFrom('analytics_reach_days').where('day', '>=', from).execute();
    await tx
      .updateTable('choice_log')
      .set({ counted: false })
      .where('counted', '=', true)
      .execute();
    await writeState(tx, COUNTED_ROWS, 0);
  });
}

/**
 * Removes up to `limit` counted log rows made before the UTC day `beforeDay` (days since
 * 1970-01-01); their totals stay. Answers how many went.
 */
export async function purgeSlice(db: Db, beforeDay: number, limit: number): Promise<number> {
  const before = new Date(beforeDay * 86_400_000).toISOString();
  return db.transaction().execute(async (tx) => {
    await writeState(tx, RETAINED_FROM, beforeDay);
    const ids = (
      await tx
        .selectFrom('choice_log')
        .select('id')
        .where('created_at', '<', before)
        .where('counted', '=', true)
        .orderBy('created_at')
        .limit(limit)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx.deleteFrom('choice_log').where('id', 'in', ids).execute();
    await writeState(tx, COUNTED_ROWS, -ids.length, true);
    return ids.length;
  });
}

/**
 * A guest's log moved to their account (server/db/repositories/guest-games.ts): the people and
 * first-reach totals follow it, so they keep matching the log. Runs in the move's transaction.
 */
export async function moveRolledUpPlayer(db: Db, from: string, to: string): Promise<void> {
  // People: a day both ids were active stays one row.
  await db
    .deleteFrom('analytics_player_days as a')
    .where('a.player_id', '=', from)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('analytics_player_days as b')
          .select('b.day')
          .whereRef('b.day', '=', 'a.day')
          .whereRef('b.is_guest', '=', 'a.is_guest')
          .where('b.player_id', '=', to),
      ),
    )
    .execute();
  await db
    .updateTable('analytics_player_days')
    .set({ player_id: to })
    .where('player_id', '=', from)
    .execute();
  // First reaches: both ids' rows are taken out of the day counts and put back merged (earliest day).
  const rows = await db
    .selectFrom('analytics_reach')
    .selectAll()
    .where('player_id', 'in', [from, to])
    .execute();
  if (rows.length === 0) return;
  const perDay = new Map<string, number>();
  const merged = new Map<string, string>();
  for (const r of rows) {
    const g = bool(r.is_guest) ? '1' : '0';
    bump(perDay, `${r.first_day}\u0000${r.scene_id}\u0000${g}`, -1);
    const key = `${to}\u0000${r.scene_id}\u0000${g}`;
    const known = merged.get(key);
    if (!known || r.first_day < known) merged.set(key, r.first_day);
  }
  await db.deleteFrom('analytics_reach').where('player_id', 'in', [from, to]).execute();
  const back = [...merged].map(([key, day]) => {
    const [player_id, scene_id, g] = key.split('\u0000') as [string, string, string];
    bump(perDay, `${day}\u0000${scene_id}\u0000${g}`);
    return { player_id, scene_id, is_guest: g === '1', first_day: day };
  });
  for (const part of chunks(back)) {
    await db.insertInto('analytics_reach').values(part).execute();
  }
  const changes = tally(perDay, ['day', 'scene_id', 'is_guest'], 'players').filter(
    (r) => r.players !== 0,
  );
  await addCounts(
    db as unknown as Tx,
    'analytics_reach_days',
    ['day', 'scene_id', 'is_guest'],
    'players',
    changes,
  );
}

/** Uncounted rows past which they came in bulk (a restore, an upgrade), not from play. */
const BULK_ROWS = 50_000;

/**
 * How many log rows are still to count (asked once a backlog is found): the uncounted rows found through their partial index
 * (migration 014), less those of play-test games (never counted), found from the few play-test
 * players. Two index walks; the join of every uncounted row to players would read them all.
 */
export async function backlogSize(db: Db, postgres: boolean): Promise<number> {
  // Rows that arrived in bulk (a restore, an upgrade) are unknown to PostgreSQL's planner until
  // autovacuum gets to them: without fresh statistics it read the whole log for each slice (a
  // sequential scan and a sort) instead of the first rows of the uncounted index.
  const open = await db
    .selectFrom('choice_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql.raw<boolean>(uncountedCondition(postgres)))
    .executeTakeFirstOrThrow();
  // Marked: statistics change no row, so the memory of players rows and the content cache stay.
  if (postgres && Number(open.n) > BULK_ROWS)
    await sql.raw(`${LOG_AND_TOTALS_ONLY}analyze choice_log`).execute(db);
  const tests = await db
    .selectFrom('players as p')
    .innerJoin('choice_log as c', 'c.player_id', 'p.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.test_owner_id', 'is not', null)
    .where(sql.raw<boolean>(uncountedCondition(postgres, 'c')))
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(open.n) - Number(tests.n));
}

/**
 * The running totals a backlog's count rewrites slice after slice. On PostgreSQL every upsert of
 * a count leaves a dead row version behind, and the planner's statistics still describe the tables
 * as they were when the count began (near empty).
 */
const REWRITTEN_TOTALS = [
  'analytics_days',
  'analytics_reach_days',
  'analytics_picks',
  'analytics_state',
];

/**
 * PostgreSQL, while a backlog is counted: vacuums the running totals the reads sum (a few MB,
 * ~30 ms at a year of play) and analyzes analytics_player_days (~100 ms), so the admin's reads
 * find the totals without the dead versions the count left and plan the distinct people from
 * their real size (docs/analytics.md 'Reads while a backlog is counted'). Autovacuum gets there
 * too, on its own schedule: after a count of a year of play it had not, and analytics_reach_days
 * held 227,000 dead versions beside 64,000 live rows; halfway through a count the overview's
 * distinct people were read by a sort of every player-day (23 ms) instead of from their index
 * (5 ms).
 */
export async function tidyTotals(db: Db): Promise<void> {
  // Marked: they write only totals, so the memory of players rows and the content cache stay.
  // Never `truncate`: cutting the tables' empty end takes a lock that reads would queue behind.
  await sql
    .raw(`${LOG_AND_TOTALS_ONLY}vacuum (truncate false) ${REWRITTEN_TOTALS.join(', ')}`)
    .execute(db);
  await sql
    .raw(`${LOG_AND_TOTALS_ONLY}vacuum (analyze, truncate false) analytics_player_days`)
    .execute(db);
}
