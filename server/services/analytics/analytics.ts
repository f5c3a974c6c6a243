import { type Kysely, sql } from 'kysely';
import { summarize } from '../../../core/analytics/summary.ts';
import type {
  AnalyticsOverview,
  AnalyticsQuery,
  SceneAnalytics,
  SceneRow,
  Split,
} from '../../../core/api/analytics.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { isPostgres } from '../../db/migrations/column-types.ts';
import { bool, json } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';

/** Most arrivals read for a scene's stat distribution (newest first). */
const STATS_SAMPLE = 5000;

type Db = Kysely<Database>;

/** The range as ISO bounds on created_at: from the start of `from` to the end of `to` (UTC). */
function bounds(q: AnalyticsQuery): { start?: string; end?: string } {
  const end = q.to
    ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString()
    : undefined;
  return {
    ...(q.from ? { start: new Date(`${q.from}T00:00:00Z`).toISOString() } : {}),
    ...(end ? { end } : {}),
  };
}

/** Choices in the range, never those made in an admin's play-test game. */
function choices(db: Db, q: AnalyticsQuery) {
  const { start, end } = bounds(q);
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

/** Players standing on a scene now, active in the range, not play-tests. */
function standing(db: Db, q: AnalyticsQuery) {
  const { start, end } = bounds(q);
  let query = db
    .selectFrom('players')
    .where('test_owner_id', 'is', null)
    .where('current_scene_id', 'is not', null);
  if (start) query = query.where('updated_at', '>=', start);
  if (end) query = query.where('updated_at', '<', end);
  return query;
}

const empty = (): Split => ({ guests: 0, players: 0 });

function addTo(map: Map<string, Split>, key: string | null, guest: unknown, n: unknown) {
  if (!key) return;
  const split = map.get(key) ?? empty();
  if (bool(guest as number)) split.guests += Number(n);
  else split.players += Number(n);
  map.set(key, split);
}

/** Distinct players per scene who arrived at it or chose from it, guests apart. */
async function reachedByScene(db: Db, q: AnalyticsQuery, sceneId?: string) {
  const from = choices(db, q).select((eb) => [
    'choice_log.player_id as player_id',
    eb.ref('choice_log.scene_id').$castTo<string | null>().as('scene'),
    'choice_log.is_guest as is_guest',
  ]);
  const into = choices(db, q).select([
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
  const map = new Map<string, Split>();
  for (const r of rows) addTo(map, r.scene, r.is_guest, r.n);
  return map;
}

async function stoppedByScene(db: Db, q: AnalyticsQuery, sceneId?: string) {
  let query = standing(db, q)
    .select(['current_scene_id', 'is_guest'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['current_scene_id', 'is_guest']);
  if (sceneId) query = query.where('current_scene_id', '=', sceneId);
  const map = new Map<string, Split>();
  for (const r of await query.execute()) addTo(map, r.current_scene_id, r.is_guest, r.n);
  return map;
}

/** /admin/analytics: people, choices per day, every scene's reached/stopped, endings reached. */
export async function readOverview(db: Db, q: AnalyticsQuery): Promise<AnalyticsOverview> {
  const totals = await choices(db, q)
    .select('choice_log.is_guest as is_guest')
    .select((eb) => [
      eb.fn.countAll<number>().as('choices'),
      eb.fn.count<number>('choice_log.player_id').distinct().as('people'),
    ])
    .groupBy('choice_log.is_guest')
    .execute();
  const people = empty();
  const made = empty();
  for (const t of totals) {
    const key = bool(t.is_guest) ? 'guests' : 'players';
    people[key] += Number(t.people);
    made[key] += Number(t.choices);
  }

  // The UTC day of a choice: created_at is ISO text on SQLite, timestamptz on PostgreSQL.
  const dayExpr = isPostgres(db as Kysely<unknown>)
    ? sql<string>`to_char(choice_log.created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(choice_log.created_at, 1, 10)`;
  const days = await choices(db, q)
    .select([dayExpr.as('day'), 'choice_log.is_guest as is_guest'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy([dayExpr, 'choice_log.is_guest'])
    .execute();
  const perDayMap = new Map<string, Split>();
  for (const d of days) addTo(perDayMap, d.day, d.is_guest, d.n);
  const perDay = [...perDayMap.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, s]) => ({ day, ...s }));

  const [reached, stopped, scenes] = await Promise.all([
    reachedByScene(db, q),
    stoppedByScene(db, q),
    db
      .selectFrom('scenarios')
      .select(['id', 'title', 'is_ending'])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const rows: SceneRow[] = scenes.map((s) => ({
    sceneId: s.id,
    title: s.title,
    isEnding: bool(s.is_ending),
    reached: reached.get(s.id) ?? empty(),
    stopped: stopped.get(s.id) ?? empty(),
  }));
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    people,
    choices: made,
    perDay,
    scenes: rows,
    endings: rows.filter((r) => r.isEnding),
  };
}

/** One scene: reached/stopped, each option's picks and rate, stats on arrival. Null: no scene. */
export async function readSceneAnalytics(
  db: Db,
  sceneId: string,
  q: AnalyticsQuery,
): Promise<SceneAnalytics | null> {
  const scene = await db
    .selectFrom('scenarios')
    .select(['id', 'title'])
    .where('id', '=', sceneId)
    .executeTakeFirst();
  if (!scene) return null;
  const [reached, stopped, options, picks, arrivals] = await Promise.all([
    reachedByScene(db, q, sceneId),
    stoppedByScene(db, q, sceneId),
    db
      .selectFrom('scenario_choices')
      .select(['id', 'text'])
      .where('scenario_id', '=', sceneId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    choices(db, q)
      .where('choice_log.scene_id', '=', sceneId)
      .select(['choice_log.option_id as option_id', 'choice_log.is_guest as is_guest'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['choice_log.option_id', 'choice_log.is_guest'])
      .execute(),
    choices(db, q)
      .where('choice_log.next_scene_id', '=', sceneId)
      .select('choice_log.stats_after as stats_after')
      .orderBy('choice_log.created_at', 'desc')
      .limit(STATS_SAMPLE)
      .execute(),
  ]);
  const byOption = new Map<string, Split>();
  for (const p of picks) addTo(byOption, p.option_id, p.is_guest, p.n);
  const total = [...byOption.values()].reduce((n, s) => n + s.guests + s.players, 0);
  const parsed = arrivals.map((a) => json<Record<string, unknown>>(a.stats_after, {}));
  return {
    sceneId: scene.id,
    title: scene.title,
    reached: reached.get(sceneId) ?? empty(),
    stopped: stopped.get(sceneId) ?? empty(),
    options: options.map((o) => {
      const split = byOption.get(o.id) ?? empty();
      const n = split.guests + split.players;
      return {
        optionId: o.id,
        text: o.text,
        picks: split,
        rate: total > 0 ? Math.round((n / total) * 1000) / 1000 : 0,
      };
    }),
    stats: STAT_KEYS.map((key) => ({
      key,
      ...summarize(parsed.map((s) => Number(s[key]))),
    })),
  };
}
