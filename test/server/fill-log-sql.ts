import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import type { WalkScene } from './fill-log.ts';

export interface SqlFillOptions {
  /** Log rows to write. */
  rows: number;
  /** Decisions per game: each game is played in one sitting on one day (guests and accounts alternate). */
  perGame: number;
  /** Days back from today the games are spread over. */
  days: number;
  /** The story: row i takes the (i mod n)-th of all its options. */
  scenes: WalkScene[];
}

/**
 * Writes choice_log rows straight into the log in one set-based statement (a recursive CTE on
 * SQLite, generate_series on PostgreSQL), as a restored backup or an upgrade brings them: 200,000
 * rows in a few seconds, where the walking filler (./fill-log.ts) inserts row batches from
 * JavaScript. Game g's decisions are 20 s apart on day (g * 7919 mod days) before today.
 */
export async function fillChoiceLogSql({ db, dialect }: Db, o: SqlFillOptions): Promise<void> {
  const options = o.scenes.flatMap((s) =>
    s.options.map((opt) => ({ scene: s.id, option: opt.id, next: opt.next })),
  );
  const values = sql.join(
    options.map(
      (x, k) =>
        sql`(cast(${k} as integer), cast(${x.scene} as text), cast(${x.option} as text), cast(${x.next} as text))`,
    ),
  );
  const today = Math.floor(Date.now() / 86_400_000) * 86_400;
  if (dialect === 'postgres') {
    await sql`insert into choice_log (id, player_id, scene_id, option_id, next_scene_id,
        stats_after, idempotency_key, is_guest, event_id, created_at)
      select 'fill-' || lpad(i::text, 10, '0'), 'fill-player-' || (i / ${o.perGame}),
        o.scene, o.option, o.next, '{"gold":10,"health":50}', 'fill-key-' || i,
        (i / ${o.perGame}) % 2 = 0, null,
        to_timestamp(${today} - ((i / ${o.perGame}) * 7919 % ${o.days}) * 86400
          + 3600 + (i % ${o.perGame}) * 20)
      from generate_series(0, ${o.rows - 1}) as i
      join (values ${values}) as o(k, scene, option, next) on o.k = i % ${options.length}`.execute(
      db,
    );
    return;
  }
  await sql`insert into choice_log (id, player_id, scene_id, option_id, next_scene_id,
      stats_after, idempotency_key, is_guest, event_id, created_at)
    with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${o.rows}),
      o(k, scene, option, next) as (values ${values})
    select 'fill-' || printf('%010d', i), 'fill-player-' || (i / ${o.perGame}),
      o.scene, o.option, o.next, '{"gold":10,"health":50}', 'fill-key-' || i,
      (i / ${o.perGame}) % 2 = 0, null,
      strftime('%Y-%m-%dT%H:%M:%fZ', ${today} - ((i / ${o.perGame}) * 7919 % ${o.days}) * 86400
        + 3600 + (i % ${o.perGame}) * 20, 'unixepoch')
    from n join o on o.k = i % ${options.length}`.execute(db);
}
