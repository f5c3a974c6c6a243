import { budgetNeeded } from '../../core/game/requirements.ts';
import { formatStat, STAT_LABELS, toNumber, toRecord } from '../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../core/game/stats.types.ts';
import type { PlayResult } from './simulate.ts';
import { atScene, type Problem, type StoryOption, type StoryScene } from './types.ts';

/** How many options lead to a scene that no other option of the same scene leads to. */
export interface OwnSceneShare {
  own: number;
  total: number;
  share: number;
}

/**
 * Counts the options whose next scene is their own: no sibling option goes there. Options with
 * no next scene (external links) are left out. The campaign asks for at least half, so that a choice
 * changes what happens next rather than only a number.
 */
export function ownSceneShare(scenes: readonly StoryScene[]): OwnSceneShare {
  let own = 0;
  let total = 0;
  for (const scene of scenes) {
    const targets = scene.options.map((o) => o.next_scenario_id).filter((t): t is string => !!t);
    for (const t of targets) {
      total++;
      if (targets.filter((x) => x === t).length === 1) own++;
    }
  }
  return { own, total, share: total === 0 ? 0 : own / total };
}

/** The Budget an option needs before it can be taken: its price or its required Budget. */
export function budgetToTake(option: StoryOption): number {
  const required = toNumber(toRecord(option.required_stats)?.gold);
  return Math.max(budgetNeeded(option), required);
}

/**
 * Budget locks never trap a player: every scene that takes choices has an option a player with
 * $0 can afford (no price, no Budget requirement). The out-of-budget endings are reached through
 * such options, so a broke player always has a way on or out.
 */
export function budgetTrapProblems(scenes: readonly StoryScene[]): Problem[] {
  return scenes
    .filter((s) => !s.is_ending && s.options.length > 0)
    .filter((s) => s.options.every((o) => budgetToTake(o) > 0))
    .map((s) => ({
      where: atScene(s),
      message: 'every option costs Budget: a player with $0 would be locked in (add a free option)',
    }));
}

/** The range each stat is stated to stay in (content/README.md and the intro's stats_config). */
export const STAT_RANGES: Readonly<Record<StatKey, readonly [number, number]>> = Object.freeze({
  health: [0, 100],
  strength: [0, 100],
  intelligence: [0, 100],
  charisma: [0, 100],
  gold: [0, 300],
  delusion: [0, 100],
  revenue: [0, 300],
});

/** The highest value of each stat over a set of runs, at any point of each run. */
export function statPeaks(results: readonly PlayResult[]): Record<StatKey, number> {
  const out = Object.fromEntries(STAT_KEYS.map((k) => [k, 0])) as Record<StatKey, number>;
  for (const r of results) for (const k of STAT_KEYS) out[k] = Math.max(out[k], r.peaks[k]);
  return out;
}

/** One line: each stat's peak against its stated range. */
export function formatPeaks(peaks: Record<StatKey, number>): string {
  return STAT_KEYS.map((k) => {
    const [, max] = STAT_RANGES[k];
    return `${STAT_LABELS[k]} ${formatStat(k, peaks[k])}/${formatStat(k, max)}`;
  }).join(' | ');
}

/** A problem for every stat whose peak leaves its stated range. */
export function rangeProblems(peaks: Record<StatKey, number>, label: string): Problem[] {
  return STAT_KEYS.filter((k) => peaks[k] > STAT_RANGES[k][1]).map((k) => ({
    where: 'stats',
    message: `${STAT_LABELS[k]} reaches ${formatStat(k, peaks[k])} in ${label}, above its stated range ${formatStat(k, STAT_RANGES[k][0])}-${formatStat(k, STAT_RANGES[k][1])}`,
  }));
}
