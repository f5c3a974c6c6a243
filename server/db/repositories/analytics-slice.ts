import { type Kysely, sql } from 'kysely';
import { LOG_AND_TOTALS_ONLY } from '../log-only-sql.ts';
import type { Database } from '../schema/database.ts';
import { withSqlite } from '../sqlite-handle.ts';

/*
 * One slice of the analytics' catch-up (docs/analytics.md), set-based: the database groups the
 * slice's rows and adds them to every running total, so no row passes through JavaScript. On
 * SQLite the slice's rows go to a temporary table and seven statements run in one transaction on
 * better-sqlite3 (synchronous, so the slice holds the event loop for as long as it takes: the
 * caller sizes it); on PostgreSQL the whole slice is one statement (data-modifying CTEs see one
 * snapshot and commit together).
 */

type Db = Kysely<Database>;

/** The totals' state row that counts the log rows counted so far (checked at start). */
export const COUNTED_ROWS = 'counted_rows';

/** A play-test game's decisions are never counted. */
const NOT_PLAYTEST = `not exists (select 1 from players p
  where p.user_id = c.player_id and p.test_owner_id is not null)`;

/** First reaches of the slice `s`: each (player, scene, guest state) with its earliest day. */
const FIRST_REACHES = `select player_id, scene_id, is_guest, min(day) as day from (
    select player_id, scene_id, is_guest, day from s
    union all
    select player_id, next_scene_id, is_guest, day from s where next_scene_id is not null
  ) x group by player_id, scene_id, is_guest`;

/**
 * The reaches that change the totals: `ch` holds each first reach new to analytics_reach, or
 * earlier than the day recorded there (`was`, which then loses its one).
 */
const CHANGED_REACHES = (first: string) => `select f.player_id, f.scene_id, f.is_guest, f.day,
    r.first_day as was
  from (${first}) f
  left join analytics_reach r
    on r.player_id = f.player_id and r.scene_id = f.scene_id and r.is_guest = f.is_guest
  where r.first_day is null or f.day < r.first_day`;

/** The statements that add the slice `s` (and its changed reaches `ch`) to the totals. */
const ADD_TO_TOTALS = {
  days: `insert into analytics_days (day, is_guest, choices)
    select day, is_guest, count(*) from s where true group by day, is_guest
    on conflict (day, is_guest)
    do update set choices = analytics_days.choices + excluded.choices`,
  people: `insert into analytics_player_days (day, player_id, is_guest)
    select distinct day, player_id, is_guest from s where true
    on conflict do nothing`,
  picks: `insert into analytics_picks (scene_id, day, option_id, is_guest, picks)
    select scene_id, day, option_id, is_guest, count(*) from s where true
    group by scene_id, day, option_id, is_guest
    on conflict (scene_id, day, option_id, is_guest)
    do update set picks = analytics_picks.picks + excluded.picks`,
  reach: `insert into analytics_reach (player_id, scene_id, is_guest, first_day)
    select player_id, scene_id, is_guest, day from ch where true
    on conflict (player_id, scene_id, is_guest) do update set first_day = excluded.first_day`,
  reachDays: `insert into analytics_reach_days (day, scene_id, is_guest, players)
    select day, scene_id, is_guest, sum(n) from (
      select day, scene_id, is_guest, 1 as n from ch
      union all
      select was, scene_id, is_guest, -1 from ch where was is not null
    ) x where true group by day, scene_id, is_guest having sum(n) <> 0
    on conflict (scene_id, is_guest, day)
    do update set players = analytics_reach_days.players + excluded.players`,
};

/** The SQLite slice: its rows in temp tables `s` and `ch`, then the totals, in one transaction. */
const SQLITE_SLICE = {
  setUp: `create temp table if not exists s (id text, player_id text, scene_id text,
      option_id text, next_scene_id text, is_guest integer, day text);
    create temp table if not exists ch (player_id text, scene_id text, is_guest integer,
      day text, was text);`,
  clear: ['delete from temp.s', 'delete from temp.ch'],
  // `c.counted = 0` as written in migration 014's partial index, which SQLite then uses.
  take: `insert into temp.s
    select c.id, c.player_id, c.scene_id, c.option_id, c.next_scene_id, c.is_guest,
      substr(c.created_at, 1, 10)
    from choice_log c where c.counted = 0 and ${NOT_PLAYTEST}
    order by c.id limit ?`,
  changed: `insert into temp.ch ${CHANGED_REACHES(FIRST_REACHES)}`,
  mark: 'update choice_log set counted = 1 where id in (select id from temp.s)',
  state: `insert into analytics_state (key, value) values ('${COUNTED_ROWS}', ?)
    on conflict (key) do update set value = analytics_state.value + excluded.value`,
};

/** The PostgreSQL slice: one statement; answers how many rows it counted. */
const PG_SLICE = `${LOG_AND_TOTALS_ONLY}with s as (
    select c.id, c.player_id, c.scene_id, c.option_id, c.next_scene_id, c.is_guest,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as day
    from choice_log c where c.counted = false and ${NOT_PLAYTEST}
    order by c.id limit $1
    for update of c skip locked
  ),
  ch as (${CHANGED_REACHES(FIRST_REACHES)}),
  marked as (update choice_log set counted = true where id in (select id from s)),
  days as (${ADD_TO_TOTALS.days}),
  people as (${ADD_TO_TOTALS.people}),
  picks as (${ADD_TO_TOTALS.picks}),
  reach as (${ADD_TO_TOTALS.reach}),
  reach_days as (${ADD_TO_TOTALS.reachDays}),
  state as (
    insert into analytics_state (key, value)
    select '${COUNTED_ROWS}', count(*) from s having count(*) > 0
    on conflict (key) do update set value = analytics_state.value + excluded.value
  )
  select count(*)::int as n from s`;

/**
 * Counts up to `limit` uncounted log rows (oldest id first) in one transaction; answers how many
 * it counted (0: the totals are caught up). Two app servers on one PostgreSQL never count the same
 * row: each takes rows the other has not locked.
 */
export async function countSlice(
  db: Db,
  limit: number,
  postgres: boolean,
  /** Told how long a SQLite slice held the event loop (its statements are synchronous). */
  held?: (ms: number) => void,
): Promise<number> {
  if (postgres) {
    // One raw text (the limit is a whole number of ours), so it opens with its mark.
    const text = PG_SLICE.replace('$1', String(Math.trunc(limit)));
    const { rows } = await sql.raw<{ n: number }>(text).execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  const counted = await withSqlite(db, (sqlite) => {
    const started = performance.now();
    sqlite.exec(SQLITE_SLICE.setUp);
    const n = sqlite.transaction(() => {
      for (const statement of SQLITE_SLICE.clear) sqlite.prepare(statement).run();
      const n = sqlite.prepare(SQLITE_SLICE.take).run(limit).changes;
      if (n === 0) return 0;
      sqlite.prepare(SQLITE_SLICE.changed).run();
      for (const statement of Object.values(ADD_TO_TOTALS)) sqlite.prepare(statement).run();
      sqlite.prepare(SQLITE_SLICE.mark).run();
      sqlite.prepare(SQLITE_SLICE.state).run(n);
      return n;
    })();
    held?.(performance.now() - started);
    return n;
  });
  if (!counted)
    throw new Error('countSlice needs the SQLite handle of the app (not a transaction)');
  return counted.value;
}
