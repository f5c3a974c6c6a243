import type { PlayerStatsView } from '../../../../core/api/play.ts';
import { STAT_LABELS } from '../../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../../core/game/stats.types.ts';

/** '+5' or '−5' (a real minus sign, read as 'minus' by screen readers). */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

/**
 * What changed between two stat snapshots the server sent, in words for the screen-reader
 * announcement: 'Budget −5, Knowledge +5, gained Clean Record'. Empty when nothing changed.
 * A description of the difference only; the server decided the values.
 */
export function describeStatChanges(before: PlayerStatsView, after: PlayerStatsView): string {
  const parts: string[] = [];
  for (const key of STAT_KEYS) {
    const delta = after[key] - before[key];
    if (delta !== 0) parts.push(`${STAT_LABELS[key]} ${signed(delta)}`);
  }
  for (const item of after.inventory) {
    if (!before.inventory.includes(item)) parts.push(`gained ${item}`);
  }
  for (const item of before.inventory) {
    if (!after.inventory.includes(item)) parts.push(`lost ${item}`);
  }
  return parts.join(', ');
}
