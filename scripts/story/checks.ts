import { nearMissPrefix } from '../../core/game/items.ts';
import { isPendingLink } from '../../core/game/links.ts';
import { pickInitialSceneId } from '../../core/game/start-scene.ts';
import { isStatKey, toItemList } from '../../core/game/stats.ts';
import { STAT_KEYS } from '../../core/game/stats.types.ts';
import { parseStatsConfig } from '../../core/game/stats-config.ts';
import { atOption, atScene, type Problem, type StoryScene } from './types.ts';
import { countWords } from './words.ts';

/** Limits a scene must keep. */
const LIMITS = { minWords: 80, maxWords: 250, minOptions: 2, maxOptions: 4 } as const;

/** The scene every play-through starts from. */
export const START_ID = 'intro';

const INVENTORY_KEYS = ['addInventory', 'removeInventory'];

/** Ids of the scenes reachable from `startId` along any option (requirements ignored). */
export function reachableFrom(scenes: readonly StoryScene[], startId: string): Set<string> {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const queue = byId.has(startId) ? [startId] : [];
  while (queue.length > 0) {
    const scene = byId.get(queue.shift()!)!;
    if (seen.has(scene.id)) continue;
    seen.add(scene.id);
    if (scene.is_ending) continue;
    for (const o of scene.options) {
      const next = o.next_scenario_id;
      if (next && byId.has(next) && !seen.has(next)) queue.push(next);
    }
  }
  return seen;
}

/** The ids that occur more than once, each listed once. */
export function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return [...repeated];
}

function checkStart(scenes: readonly StoryScene[]): Problem[] {
  const problems: Problem[] = [];
  const intro = scenes.find((s) => s.id === START_ID);
  if (!intro) return [{ where: 'story', message: `there is no '${START_ID}' scene` }];
  const initial = pickInitialSceneId(scenes);
  if (initial !== START_ID) {
    problems.push({ where: 'story', message: `the game would start at '${initial}', not intro` });
  }
  if (!intro.is_start) problems.push({ where: atScene(intro), message: 'is_start must be true' });
  for (const s of scenes) {
    if (s.is_start && s.id !== START_ID) {
      problems.push({ where: atScene(s), message: 'only intro may have is_start' });
    }
  }
  const named = new Set((parseStatsConfig(intro.stats_config) ?? []).map((d) => d.id));
  const missing = STAT_KEYS.filter((k) => !named.has(k));
  if (missing.length > 0) {
    problems.push({ where: atScene(intro), message: `stats_config lacks ${missing.join(', ')}` });
  }
  return problems;
}

function checkStatsConfig(scene: StoryScene): Problem[] {
  const raw = scene.stats_config;
  if (raw === null || raw === undefined) return [];
  const parsed = parseStatsConfig(raw);
  const where = atScene(scene);
  if (parsed === null) return [{ where, message: 'stats_config is not usable (no valid entry)' }];
  const problems: Problem[] = [];
  if (parsed.length !== raw.length) {
    problems.push({
      where,
      message: `stats_config has ${raw.length - parsed.length} invalid or repeated entries (each needs an id and a numeric defaultValue)`,
    });
  }
  for (const d of parsed) {
    if (!isStatKey(d.id))
      problems.push({ where, message: `stats_config names unknown stat '${d.id}'` });
  }
  return problems;
}

function checkSceneShape(scene: StoryScene): Problem[] {
  const where = atScene(scene);
  const problems: Problem[] = [];
  const words = countWords(scene.description);
  if (words < LIMITS.minWords || words > LIMITS.maxWords) {
    problems.push({
      where,
      message: `description has ${words} words (allowed ${LIMITS.minWords}-${LIMITS.maxWords})`,
    });
  }
  if (!scene.subtitle?.trim()) problems.push({ where, message: 'subtitle is empty' });
  if (!Number.isInteger(scene.day) || (scene.day ?? 0) < 1) {
    problems.push({ where, message: 'day must be a whole number from 1' });
  }
  const n = scene.options.length;
  if (scene.is_ending) {
    if (n > 0)
      problems.push({ where, message: `ending scene has ${n} options; endings show none` });
    if (scene.is_end_of_day)
      problems.push({ where, message: 'a scene cannot be both an ending and an end of day' });
  } else if (n === 0) {
    problems.push({ where, message: 'non-ending scene has no options' });
  } else if (n < LIMITS.minOptions || n > LIMITS.maxOptions) {
    problems.push({
      where,
      message: `has ${n} options (allowed ${LIMITS.minOptions}-${LIMITS.maxOptions})`,
    });
  }
  return problems;
}

function checkOptions(
  scene: StoryScene,
  byId: Map<string, StoryScene>,
  obtainable: Set<string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const o of scene.options) {
    const where = atOption(scene, o);
    const next = o.next_scenario_id;
    if (!o.id.startsWith(`${scene.id}--`) || !/--\d+$/.test(o.id)) {
      problems.push({ where, message: `option id should be '${scene.id}--N'` });
    }
    if (!next) {
      if (!o.next_url) problems.push({ where, message: 'leads nowhere (no next scene, no URL)' });
    } else if (!isPendingLink(next)) {
      const target = byId.get(next);
      if (!target) problems.push({ where, message: `links to missing scene '${next}'` });
      else if ((target.day ?? 0) < (scene.day ?? 0)) {
        problems.push({ where, message: `goes back in time to day ${target.day} ('${next}')` });
      } else if (scene.is_end_of_day && target.day !== (scene.day ?? 0) + 1) {
        problems.push({ where, message: `ends day ${scene.day} but leads to day ${target.day}` });
      }
    }
    for (const [key, value] of Object.entries(o.stats_changes ?? {})) {
      if (INVENTORY_KEYS.includes(key)) {
        if (!Array.isArray(value)) problems.push({ where, message: `${key} must be a list` });
      } else if (!isStatKey(key)) {
        problems.push({ where, message: `stats_changes has unknown key '${key}'` });
      } else if (typeof value !== 'number') {
        problems.push({ where, message: `stats_changes.${key} must be a number` });
      }
    }
    for (const key of Object.keys(o.required_stats ?? {})) {
      if (!isStatKey(key))
        problems.push({ where, message: `required_stats has unknown stat '${key}'` });
    }
    const named = [
      ...INVENTORY_KEYS.flatMap((key) => toItemList(o.stats_changes?.[key])),
      ...(o.required_items ?? []),
    ];
    for (const item of new Set(named)) {
      const meant = nearMissPrefix(item);
      if (meant) {
        problems.push({
          where,
          message: `item '${item}' misses the prefix '${meant}' (exactly so, with the space): players would see it as named`,
        });
      }
    }
    for (const item of o.required_items ?? []) {
      if (!obtainable.has(item)) {
        problems.push({
          where,
          message: `requires item '${item}' that no option gives, so it never unlocks`,
        });
      }
    }
  }
  return problems;
}

/**
 * Every structural problem of a story: duplicate ids, the start scene, broken links (pending-
 * links allowed), unreachable scenes and endings, scenes without options, option counts,
 * description lengths, invalid stats_config, unknown stat keys and items no option gives.
 */
export function checkStory(scenes: readonly StoryScene[]): Problem[] {
  const problems: Problem[] = [];
  for (const id of duplicates(scenes.map((s) => s.id))) {
    problems.push({ where: `scene '${id}'`, message: 'scene id is used more than once' });
  }
  const optionIds = scenes.flatMap((s) => s.options.map((o) => o.id));
  for (const id of duplicates(optionIds)) {
    problems.push({ where: `option '${id}'`, message: 'option id is used more than once' });
  }
  problems.push(...checkStart(scenes));
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const obtainable = new Set(
    scenes.flatMap((s) => s.options.flatMap((o) => toItemList(o.stats_changes?.addInventory))),
  );
  const reachable = reachableFrom(scenes, START_ID);
  for (const scene of scenes) {
    problems.push(...checkSceneShape(scene), ...checkStatsConfig(scene));
    problems.push(...checkOptions(scene, byId, obtainable));
    if (!reachable.has(scene.id)) {
      const what = scene.is_ending
        ? 'ending is reached by no path from intro'
        : 'is unreachable from intro';
      problems.push({ where: atScene(scene), message: what });
    }
  }
  return problems;
}

/** What the campaign asks of the shipped adventure as a whole. */
const SCOPE = { minScenes: 60, minDays: 5, minEndings: 4 } as const;

/**
 * Checks the size of the adventure: enough scenes, game days and endings, and an end-of-day
 * scene on every day but the last.
 */
export function checkScope(scenes: readonly StoryScene[]): Problem[] {
  const problems: Problem[] = [];
  const where = 'story';
  if (scenes.length < SCOPE.minScenes) {
    problems.push({ where, message: `has ${scenes.length} scenes (needs ${SCOPE.minScenes})` });
  }
  const days = [...new Set(scenes.map((s) => s.day ?? 0))].sort((a, b) => a - b);
  const lastDay = days.at(-1) ?? 0;
  if (lastDay < SCOPE.minDays)
    problems.push({ where, message: `spans ${lastDay} days (needs ${SCOPE.minDays})` });
  for (let day = 1; day < lastDay; day++) {
    if (!scenes.some((s) => s.day === day && s.is_end_of_day)) {
      problems.push({ where, message: `day ${day} has no end-of-day scene` });
    }
  }
  const endings = scenes.filter((s) => s.is_ending).length;
  if (endings < SCOPE.minEndings) {
    problems.push({ where, message: `has ${endings} endings (needs ${SCOPE.minEndings})` });
  }
  return problems;
}
