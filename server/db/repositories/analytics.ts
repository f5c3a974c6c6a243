import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrations/column-types.ts';
import type { Database } from '../schema/database.ts';

/*
 * The analytics' queries over the choice log and the players (route -> service -> here): each
 * answers counts per group; server/services/analytics/analytics.ts turns them into the report.
 */

type Db = Kysely<Database>;

/** A time range as ISO bounds on created_at (start inclusive, end exclusive). */
export interface Range {
  start?: string;
  end?: string;
}

/** A count of one group, guests apart (is_guest as stored: boolean or 1/0). */
export interface GroupCount<K extends string = string> {
  key: K | null;
  is_guest: unknown;
  n: unknown;
}

/** Choices in the range, never those made in an admin's play-test game. */
function choices(db: Db, { start, end }: Range) {
  let query = db
    .selectFrom('choice_log')
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
  if (start) query = query.where('choice_log.created_at', '>=', start);
  if (end) query = query.where('choice_log.created_at', '<', end);
  return query;
}

/** Choices and distinct people in the range, guests apart. */
export function countChoices(db: Db, range: Range) {
  return choices(db, range)
    .select('choice_log.is_guest as is_guest')
    .select((eb) => [
      eb.fn.countAll<number>().as('choices'),
      eb.fn.count<number>('choice_log.player_id').distinct().as('people'),
    ])
    .groupBy('choice_log.is_guest')
    .execute();
}

/** Choices per UTC day (YYYY-MM-DD), guests apart. */
export async function countChoicesPerDay(db: Db, range: Range): Promise<GroupCount[]> {
  // created_at is ISO text on SQLite, timestamptz on PostgreSQL.
  const dayExpr = isPostgres(db as Kysely<unknown>)
    ? sql<string>`to_char(choice_log.created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(choice_log.created_at, 1, 10)`;
  const rows = await choices(db, range)
    .select([dayExpr.as('day'), 'choice_log.is_guest as is_guest'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy([dayExpr, 'choice_log.is_guest'])
    .execute();
  return rows.map((r) => ({ key: r.day, is_guest: r.is_guest, n: r.n }));
}

/** Distinct players per scene who arrived at it or chose from it, guests apart. */
export async function countReached(db: Db, range: Range, sceneId?: string): Promise<GroupCount[]> {
  const from = choices(db, range).select((eb) => [
    'choice_log.player_id as player_id',
    eb.ref('choice_log.scene_id').$castTo<string | null>().as('scene'),
    'choice_log.is_guest as is_guest',
  ]);
  const into = choices(db, range).select([
    'choice_log.player_id as player_id',
    'choice_log.next_scene_id as scene',
    'choice_log.is_guest as is_guest',
  ]);
  const visits = sceneId
    ? from
        .where('choice_log.scene_id', '=', sceneId)
        .union(into.where('choice_log.next_scene_id', '=', sceneId))
    : from.union(into);
  const rows = await db
    .selectFrom(visits.as('v'))
    .select(['v.scene', 'v.is_guest'])
    .select((eb) => eb.fn.count<number>('v.player_id').distinct().as('n'))
    .where('v.scene', 'is not', null)
    .groupBy(['v.scene', 'v.is_guest'])
    .execute();
  return rows.map((r) => ({ key: r.scene, is_guest: r.is_guest, n: r.n }));
}

/** Players standing on each scene now (active in the range, not play-tests), guests apart. */
export async function countStopped(
  db: Db,
  { start, end }: Range,
  sceneId?: string,
): Promise<GroupCount[]> {
  let query = db
    .selectFrom('players')
    .where('test_owner_id', 'is', null)
    .where('current_scene_id', 'is not', null)
    .select(['current_scene_id', 'is_guest'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['current_scene_id', 'is_guest']);
  if (start) query = query.where('updated_at', '>=', start);
  if (end) query = query.where('updated_at', '<', end);
  if (sceneId) query = query.where('current_scene_id', '=', sceneId);
  const rows = await query.execute();
  return rows.map((r) => ({ key: r.current_scene_id, is_guest: r.is_guest, n: r.n }));
}

/** Picks of each option of a scene in the range, guests apart. */
export async function countPicks(db: Db, range: Range, sceneId: string): Promise<GroupCount[]> {
  const rows = await choices(db, range)
    .where('choice_log.scene_id', '=', sceneId)
    .select(['choice_log.option_id as option_id', 'choice_log.is_guest as is_guest'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['choice_log.option_id', 'choice_log.is_guest'])
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
  const rows = await choices(db, range)
    .where('choice_log.next_scene_id', '=', sceneId)
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
