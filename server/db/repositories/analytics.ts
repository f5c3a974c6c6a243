import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../schema/database.ts';

/*
 * The analytics' queries (route -> service -> here): counts per group from the running totals that
 * ./analytics-rollup.ts keeps (docs/analytics.md), the players table for where players stand, and
 * the raw log only for a scene's newest arrivals' stats. server/services/analytics/analytics.ts
 * turns them into the report.
 */

type Db = Kysely<Database>;

/** A range of UTC days 'YYYY-MM-DD', both ends included; either may be left out. */
export interface Range {
  from?: string;
  to?: string;
}

/** A count of one group, guests apart (is_guest as stored: boolean or 1/0). */
export interface GroupCount<K extends string = string> {
  key: K | null;
  is_guest: unknown;
  n: unknown;
}

/** Keeps the rows of a running-total table whose day is in the range. */
function inRange<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  { from, to }: Range,
): SelectQueryBuilder<Database, TB, O> {
  let q = query;
  if (from) q = q.where(sql.ref('day'), '>=', from);
  if (to) q = q.where(sql.ref('day'), '<=', to);
  return q;
}

/** Decisions and distinct people in the range, guests apart (from the running totals). */
export async function countChoices(db: Db, range: Range) {
  const [made, people] = await Promise.all([
    inRange(db.selectFrom('analytics_days'), range)
      .select('is_guest')
      .select((eb) => eb.fn.sum<number>('choices').as('n'))
      .groupBy('is_guest')
      .execute(),
    inRange(db.selectFrom('analytics_player_days'), range)
      .select('is_guest')
      .select((eb) => eb.fn.count<number>('player_id').distinct().as('n'))
      .groupBy('is_guest')
      .execute(),
  ]);
  return { made, people };
}

/** Decisions per UTC day (YYYY-MM-DD), guests apart. */
export async function countChoicesPerDay(db: Db, range: Range): Promise<GroupCount[]> {
  const rows = await inRange(db.selectFrom('analytics_days'), range)
    .select(['day', 'is_guest', 'choices'])
    .execute();
  return rows.map((r) => ({ key: r.day, is_guest: r.is_guest, n: r.choices }));
}

/** Players who first reached each scene (arrived at it or chose from it) in the range, guests apart. */
export async function countReached(db: Db, range: Range, sceneId?: string): Promise<GroupCount[]> {
  let query = inRange(db.selectFrom('analytics_reach_days'), range)
    .select(['scene_id', 'is_guest'])
    .select((eb) => eb.fn.sum<number>('players').as('n'))
    .groupBy(['scene_id', 'is_guest']);
  if (sceneId) query = query.where('scene_id', '=', sceneId);
  const rows = await query.execute();
  return rows.map((r) => ({ key: r.scene_id, is_guest: r.is_guest, n: r.n }));
}

/** Players standing on each scene now (active in the range, not play-tests), guests apart. */
export async function countStopped(
  db: Db,
  { from, to }: Range,
  sceneId?: string,
): Promise<GroupCount[]> {
  let query = db
    .selectFrom('players')
    .where('test_owner_id', 'is', null)
    .where('current_scene_id', 'is not', null)
    .select(['current_scene_id', 'is_guest'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['current_scene_id', 'is_guest']);
  if (from) query = query.where('updated_at', '>=', `${from}T00:00:00.000Z`);
  if (to) query = query.where('updated_at', '<', dayAfter(to));
  if (sceneId) query = query.where('current_scene_id', '=', sceneId);
  const rows = await query.execute();
  return rows.map((r) => ({ key: r.current_scene_id, is_guest: r.is_guest, n: r.n }));
}

/** The start of the day after `day`, as an ISO timestamp. */
const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** Picks of each option of a scene in the range, guests apart. */
export async function countPicks(db: Db, range: Range, sceneId: string): Promise<GroupCount[]> {
  const rows = await inRange(db.selectFrom('analytics_picks'), range)
    .where('scene_id', '=', sceneId)
    .select(['option_id', 'is_guest'])
    .select((eb) => eb.fn.sum<number>('picks').as('n'))
    .groupBy(['option_id', 'is_guest'])
    .execute();
  return rows.map((r) => ({ key: r.option_id, is_guest: r.is_guest, n: r.n }));
}

/** The stats (JSON text) of the newest `limit` arrivals at a scene in the range. */
export async function arrivalStats(
  db: Db,
  range: Range,
  sceneId: string,
  limit: number,
): Promise<(string | null)[]> {
  let query = db
    .selectFrom('choice_log')
    .where('choice_log.next_scene_id', '=', sceneId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('players')
            .select('players.user_id')
            .whereRef('players.user_id', '=', 'choice_log.player_id')
            .where('players.test_owner_id', 'is not', null),
        ),
      ),
    );
  if (range.from) query = query.where('choice_log.created_at', '>=', `${range.from}T00:00:00.000Z`);
  if (range.to) query = query.where('choice_log.created_at', '<', dayAfter(range.to));
  const rows = await query
    .select('choice_log.stats_after as stats_after')
    .orderBy('choice_log.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.stats_after);
}

/** Every scene's id, title and ending flag, in creation order. */
export function listSceneHeads(db: Db) {
  return db
    .selectFrom('scenarios')
    .select(['id', 'title', 'is_ending'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One scene's id and title, or undefined. */
export function getSceneHead(db: Db, sceneId: string) {
  return db
    .selectFrom('scenarios')
    .select(['id', 'title'])
    .where('id', '=', sceneId)
    .executeTakeFirst();
}

/** A scene's options (id, text) in their order. */
export function listOptionHeads(db: Db, sceneId: string) {
  return db
    .selectFrom('scenario_choices')
    .select(['id', 'text'])
    .where('scenario_id', '=', sceneId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
