import type { Kysely } from 'kysely';
import { summarize } from '../../../core/analytics/summary.ts';
import type {
  AnalyticsOverview,
  AnalyticsQuery,
  CountingProgress,
  SceneAnalytics,
  SceneRow,
  Split,
} from '../../../core/api/analytics.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import {
  arrivalStats,
  countChoices,
  countChoicesPerDay,
  countPicks,
  countReached,
  countStopped,
  type GroupCount,
  getSceneHead,
  listOptionHeads,
  listSceneHeads,
  type Range,
} from '../../db/repositories/analytics.ts';
import { bool, json } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';

/** Most arrivals read for a scene's stat distribution (newest first). */
const STATS_SAMPLE = 2000;

type Db = Kysely<Database>;

/** The query's days (UTC, both included). */
function bounds(q: AnalyticsQuery): Range {
  return { ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}) };
}

const empty = (): Split => ({ guests: 0, players: 0 });

/** Group counts as a map of splits (guests apart) by key. */
function splits(rows: GroupCount[]): Map<string, Split> {
  const map = new Map<string, Split>();
  for (const r of rows) {
    if (!r.key) continue;
    const split = map.get(r.key) ?? empty();
    if (bool(r.is_guest as number)) split.guests += Number(r.n);
    else split.players += Number(r.n);
    map.set(r.key, split);
  }
  return map;
}

/**
 * /admin/analytics: people, choices per day, every scene's reached/stopped, endings reached, from
 * the totals as they are. `counting`: how far a backlog being counted is (null: all counted), from
 * the catch-up (rollup.ts), so the read counts nothing itself.
 */
export async function readOverview(
  db: Db,
  q: AnalyticsQuery,
  counting: CountingProgress | null,
): Promise<AnalyticsOverview> {
  const range = bounds(q);
  const people = empty();
  const made = empty();
  // All at once: on PostgreSQL each query runs on its own pooled connection, so the read takes as
  // long as its slowest query rather than their sum.
  const [totals, days, reached, stopped, scenes] = await Promise.all([
    countChoices(db, range),
    countChoicesPerDay(db, range),
    countReached(db, range).then(splits),
    countStopped(db, range).then(splits),
    listSceneHeads(db),
  ]);
  for (const t of totals.made) made[bool(t.is_guest) ? 'guests' : 'players'] += Number(t.n);
  for (const t of totals.people) people[bool(t.is_guest) ? 'guests' : 'players'] += Number(t.n);
  const perDay = [...splits(days).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, s]) => ({ day, ...s }));
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
    pending: counting ? counting.total - counting.counted : 0,
    counting,
  };
}

/**
 * One scene: reached/stopped, each option's picks and rate, stats on arrival, and `counting` as
 * readOverview has it. Null: no scene.
 */
export async function readSceneAnalytics(
  db: Db,
  sceneId: string,
  q: AnalyticsQuery,
  counting: CountingProgress | null,
): Promise<SceneAnalytics | null> {
  const range = bounds(q);
  // The scene's head with the rest (one round of queries); an unknown scene's are empty anyway.
  const [scene, reached, stopped, options, byOption, arrivals] = await Promise.all([
    getSceneHead(db, sceneId),
    countReached(db, range, sceneId).then(splits),
    countStopped(db, range, sceneId).then(splits),
    listOptionHeads(db, sceneId),
    countPicks(db, range, sceneId).then(splits),
    arrivalStats(db, range, sceneId, STATS_SAMPLE),
  ]);
  if (!scene) return null;
  const total = [...byOption.values()].reduce((n, s) => n + s.guests + s.players, 0);
  const parsed = arrivals.map((a) => json<Record<string, unknown>>(a, {}));
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
    counting,
  };
}
