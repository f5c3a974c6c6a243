import type { Kysely } from 'kysely';
import type { ClassInfo, ClassPage, StudentRow } from '../../../core/api/classes.ts';
import {
  betterOption,
  type OptionFacts,
  optionFacts,
} from '../../../core/classes/better-options.ts';
import { classDecisions, type DebriefStory } from '../../../core/classes/debrief.ts';
import { classPicture } from '../../../core/classes/picture.ts';
import { recapOf } from '../../../core/game/recap.ts';
import { searchPosition } from '../../../core/game/search-position.ts';
import { FALLBACK_STATS, normaliseStats } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { type ClassRow, classChoices, studentGames } from '../../db/repositories/classes.ts';
import { cached } from '../../db/repositories/content-cache.ts';
import { bool, json } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';

/** A timestamp column as ISO text on both engines (PostgreSQL gives Date objects). */
export const iso = (v: unknown): string =>
  (v instanceof Date ? v : new Date(String(v))).toISOString();

/** A class row as its teacher sees it. */
export function presentClass(row: ClassRow, viewerId: string): ClassInfo {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    open: row.closed_at === null,
    closedReason:
      row.closed_reason === 'teacher' || row.closed_reason === 'inactive'
        ? row.closed_reason
        : null,
    students: Number(row.students ?? 0),
    createdAt: iso(row.created_at),
    ownerName: row.owner_name ?? 'Unknown',
    mine: row.owner_id === viewerId,
  };
}

/** The story as the class picture reads it (through the content cache: no query per update). */
async function classStory(db: Kysely<Database>): Promise<{
  options: [string, OptionFacts[]][];
  titles: [string, string][];
  days: [string, number | null][];
}> {
  return cached(db, 'class-story', async () => {
    const [options, scenes] = await Promise.all([
      db
        .selectFrom('scenario_choices')
        .selectAll()
        .orderBy('scenario_id')
        .orderBy('position')
        .execute(),
      db.selectFrom('scenarios').select(['id', 'title', 'day']).execute(),
    ]);
    const byScene = new Map<string, OptionFacts[]>();
    for (const o of options) {
      const facts = optionFacts({
        ...o,
        stats_changes: json<unknown>(o.stats_changes, null),
        required_stats: json<unknown>(o.required_stats, null),
        required_items: json<unknown>(o.required_items, null),
      });
      byScene.set(o.scenario_id, [...(byScene.get(o.scenario_id) ?? []), facts]);
    }
    return {
      options: [...byScene],
      titles: scenes.map((s) => [s.id, s.title]),
      days: scenes.map((s) => [s.id, s.day ?? null]),
    };
  });
}

/**
 * The class page: every student's row and the class picture, from two queries (the students
 * with their games and scenes, the choices of their current games) plus the cached story.
 */
export async function classPage(
  db: Kysely<Database>,
  row: ClassRow,
  viewerId: string,
): Promise<ClassPage> {
  const [games, choices, story] = await Promise.all([
    studentGames(db, row.id),
    classChoices(db, row.id),
    classStory(db),
  ]);
  const titles = new Map(story.titles);
  const days = new Map(story.days);
  const debriefStory: DebriefStory = {
    optionsByScene: new Map(story.options),
    sceneTitle: (id) => titles.get(id) ?? id,
    sceneDay: (id) => days.get(id) ?? null,
  };
  const logged = choices.map((c) => ({
    playerId: c.player_id,
    sceneId: c.scene_id,
    optionId: c.option_id,
    at: iso(c.created_at),
  }));
  const paths = studentPaths(logged, debriefStory);
  const students: StudentRow[] = games.map((g) => {
    const stats = g.stats ? normaliseStats(json<unknown>(g.stats, null), FALLBACK_STATS) : null;
    const recap = recapOf(stats?.inventory ?? []);
    const ending = bool(g.scene_is_ending) ? (g.scene_title ?? null) : null;
    const path = paths.get(g.user_id);
    return {
      id: g.user_id,
      name: g.name,
      sceneId: g.current_scene_id ?? null,
      sceneTitle: g.scene_title ?? null,
      day: g.scene_day ?? null,
      ending,
      position: stats ? searchPosition(stats.health) : null,
      stats: stats
        ? (Object.fromEntries(STAT_KEYS.map((k) => [k, stats[k]])) as StudentRow['stats'])
        : null,
      choices: Number(g.choice_count ?? 0),
      lessons: recap.lessons,
      bought: recap.bought,
      joinedAt: iso(g.joined_at),
      lastPlayedAt: g.updated_at ? iso(g.updated_at) : null,
      startedAt: iso(g.since),
      path: path?.options ?? [],
      lastChoiceAt: path?.lastAt ?? null,
      weakPicks: path?.weak ?? 0,
    };
  });
  const picture = classPicture(students, logged, debriefStory);
  return {
    class: presentClass(row, viewerId),
    joinPath: `/join/${row.code}`,
    students,
    picture,
    decisions: classDecisions(logged, debriefStory),
  };
}

/** Each student's options in order, the time of the last, and how many had a better option. */
function studentPaths(
  choices: readonly { playerId: string; sceneId: string; optionId: string; at: string }[],
  story: DebriefStory,
) {
  const facts = new Map<string, { option: OptionFacts; siblings: readonly OptionFacts[] }>();
  for (const list of story.optionsByScene.values())
    for (const o of list) facts.set(o.id, { option: o, siblings: list });
  const weakOption = new Map<string, boolean>();
  const isWeak = (id: string) => {
    if (!weakOption.has(id)) {
      const f = facts.get(id);
      weakOption.set(id, f ? betterOption(f.option, f.siblings) !== null : false);
    }
    return weakOption.get(id) ?? false;
  };
  const out = new Map<string, { options: string[]; lastAt: string; weak: number }>();
  for (const c of choices) {
    const path = out.get(c.playerId) ?? { options: [], lastAt: c.at, weak: 0 };
    path.options.push(c.optionId);
    path.lastAt = c.at;
    if (isWeak(c.optionId)) path.weak++;
    out.set(c.playerId, path);
  }
  return out;
}
