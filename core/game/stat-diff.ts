import { itemChangePhrase } from './items.ts';
import { STAT_LABELS, toItemList, toNumber } from './stats.ts';
import { type PlayerStats, STAT_KEYS, type StatKey } from './stats.types.ts';

/** One stat that changed, by how much. */
export interface StatDelta {
  stat: StatKey;
  delta: number;
}

/** What changed between two stat snapshots: stats in stat order, then items gained and lost. */
export interface StatDiff {
  stats: StatDelta[];
  gained: string[];
  lost: string[];
}

/** The difference `after - before` of two stat snapshots (values as the server keeps them). */
export function diffStats(before: PlayerStats, after: PlayerStats): StatDiff {
  const stats: StatDelta[] = [];
  for (const stat of STAT_KEYS) {
    const delta = toNumber(after[stat]) - toNumber(before[stat]);
    if (delta !== 0) stats.push({ stat, delta });
  }
  const had = toItemList(before.inventory);
  const has = toItemList(after.inventory);
  return {
    stats,
    gained: has.filter((item) => !had.includes(item)),
    lost: had.filter((item) => !has.includes(item)),
  };
}

/**
 * One change as players read it: '+5 Knowledge', '−$5 Budget', '+$15 Revenue' (a real minus
 * sign, which screen readers read as 'minus'; '$' on Budget and Revenue as in the stats panel).
 */
export function formatStatDelta({ stat, delta }: StatDelta): string {
  const sign = delta > 0 ? '+' : '−';
  const money = stat === 'gold' || stat === 'revenue' ? '$' : '';
  return `${sign}${money}${Math.abs(delta)} ${STAT_LABELS[stat]}`;
}

/**
 * The parts of a diff as players read them: '+5 Knowledge', '−$5 Budget', 'gained Business card',
 * 'learned …' and 'bought …' for lessons and purchases; story flags are never mentioned
 * (core/game/items.ts).
 */
export function diffParts(diff: StatDiff): string[] {
  const items = [
    ...diff.gained.map((item) => itemChangePhrase(item, 'gained')),
    ...diff.lost.map((item) => itemChangePhrase(item, 'lost')),
  ];
  return [...diff.stats.map(formatStatDelta), ...items.filter((p) => p !== null)];
}
