import { isFlag, isLesson, isReceipt } from '../../core/game/items.ts';
import { toItemList, toNumber, toRecord } from '../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../core/game/stats.types.ts';
import { statDelta } from './styles.ts';
import type { StoryOption, StoryScene } from './types.ts';

/** The six stats that must each decide something (Budget decides through prices). */
export const GATED_STATS: readonly StatKey[] = [
  'intelligence',
  'delusion',
  'revenue',
  'charisma',
  'strength',
  'health',
];

const requiredItems = (o: StoryOption) => toItemList(o.required_items);
const addedItems = (o: StoryOption) => toItemList(o.stats_changes?.addInventory);
const removedItems = (o: StoryOption) => toItemList(o.stats_changes?.removeInventory);

/** How much better `o` is than `p` on `key`: Delusion counts in reverse. */
const better = (o: StoryOption, p: StoryOption, key: StatKey) =>
  key === 'delusion'
    ? statDelta(p, key) - statDelta(o, key)
    : statDelta(o, key) - statDelta(p, key);

/** True when `o` is at least as good as `p` on every stat. */
const atLeastAsGood = (o: StoryOption, p: StoryOption) =>
  STAT_KEYS.every((k) => better(o, p, k) >= 0);

/**
 * The options of a scene a player can meet side by side: options that need a story flag are
 * another branch (only one of two opposite flags is ever held), so they are left out.
 */
function sideBySide(scene: StoryScene): StoryOption[] {
  return scene.options.filter((o) => !requiredItems(o).some(isFlag));
}

/** A scene's option that is at least as good as every other on every stat, if there is one. */
function dominantOption(scene: StoryScene): StoryOption | null {
  const open = sideBySide(scene);
  if (open.length < 2) return null;
  return open.find((o) => open.every((p) => p === o || atLeastAsGood(o, p))) ?? null;
}

/** Choice scenes (two or more options side by side) and those one option dominates. */
export function dominance(scenes: readonly StoryScene[]) {
  const choice = scenes.filter((s) => !s.is_ending && sideBySide(s).length >= 2);
  const dominated = choice.filter((s) => dominantOption(s) !== null);
  return {
    choice: choice.length,
    dominated: dominated.map((s) => `${s.id} (${dominantOption(s)!.id})`),
    share: choice.length === 0 ? 0 : dominated.length / choice.length,
  };
}

/** How many options each stat gates (a required minimum above 0). */
export function gatesPerStat(scenes: readonly StoryScene[]): Record<StatKey, number> {
  const out = Object.fromEntries(STAT_KEYS.map((k) => [k, 0])) as Record<StatKey, number>;
  for (const o of scenes.flatMap((s) => s.options)) {
    const req = toRecord(o.required_stats) ?? {};
    for (const k of STAT_KEYS) if (toNumber(req[k]) > 0) out[k]++;
  }
  return out;
}

/**
 * Delayed consequences: items (story flags or items players see) an option gives on one day that
 * an option of a later day requires. Each item counts once, with where it is set and checked.
 */
export function delayedConsequences(scenes: readonly StoryScene[]): string[] {
  const setOn = new Map<string, number>();
  for (const s of scenes) {
    for (const o of s.options) {
      for (const item of addedItems(o)) {
        if (isLesson(item) || isReceipt(item)) continue;
        setOn.set(item, Math.min(setOn.get(item) ?? Number.POSITIVE_INFINITY, s.day ?? 1));
      }
    }
  }
  const found = new Map<string, string>();
  for (const s of scenes) {
    for (const o of s.options) {
      for (const item of requiredItems(o)) {
        const day = setOn.get(item);
        if (day !== undefined && day < (s.day ?? 1) && !found.has(item)) {
          found.set(item, `${item} (day ${day} -> ${s.id}, day ${s.day})`);
        }
      }
    }
  }
  return [...found.values()];
}

/** What a recovery costs: the stats (besides Delusion) it takes something from. */
function recoveryCost(o: StoryOption): string[] {
  return STAT_KEYS.filter((k) => k !== 'delusion' && statDelta(o, k) < (k === 'gold' ? -5 : 0));
}

/**
 * Recovery paths: options that take a story flag away (undo a mistake: a block, a penalty) and
 * cost something real (Budget above the default $5, SEO Ranking, Traffic, Happiness, Revenue or
 * Knowledge).
 */
export function recoveryPaths(scenes: readonly StoryScene[]): string[] {
  return scenes.flatMap((s) =>
    s.options
      .filter((o) => removedItems(o).some(isFlag) && recoveryCost(o).length > 0)
      .map((o) => `${o.id} (costs ${recoveryCost(o).join(', ')})`),
  );
}

/**
 * Options whose words name a price ('(-$30)', '(+$20)') other than their Budget change, or that
 * change the Budget without saying so: players choose by the words.
 */
export function priceTextProblems(scenes: readonly StoryScene[]): string[] {
  const out: string[] = [];
  for (const s of scenes) {
    for (const o of s.options) {
      const named = [...o.text.matchAll(/([+-])\$(\d+)/g)].map((m) =>
        m[1] === '+' ? Number(m[2]) : -Number(m[2]),
      );
      const said = named.reduce((a, b) => a + b, 0);
      const gold = toNumber(toRecord(o.stats_changes)?.gold);
      if (said !== gold) out.push(`${o.id} says $${said} but changes Budget by $${gold}`);
    }
  }
  return out;
}
