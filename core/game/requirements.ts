import { formatStat, STAT_LABELS, toItemList, toNumber, toRecord } from './stats.ts';
import { type PlayerStats, STAT_KEYS } from './stats.types.ts';

/** An option's requirements as stored: objects/lists, JSON strings, or null. */
export interface OptionRequirements {
  required_stats?: unknown;
  required_items?: unknown;
}

/** Whether an option is locked for this player, and why in words a player understands. */
export interface RequirementCheck {
  locked: boolean;
  /** e.g. 'Requires Knowledge 20; Requires item: Business card', or null when unlocked. */
  reason: string | null;
}

function readItems(raw: unknown): string[] {
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        return toItemList(JSON.parse(text));
      } catch {
        return [];
      }
    }
  }
  return toItemList(raw);
}

/**
 * Checks an option's required_stats (minimum values by stat key) and required_items (inventory
 * names) against the player's stats. A stat meets its requirement when it is at least the
 * minimum; unknown stat keys are ignored; items match by exact name. Reasons list the failing
 * stats in stat order, then the missing items: 'Requires Knowledge 20', 'Requires Budget $50',
 * 'Requires item: Business card', 'Requires items: A, B', joined with '; '.
 */
export function checkRequirements(
  stats: PlayerStats,
  requirements: OptionRequirements,
): RequirementCheck {
  const reasons: string[] = [];
  const required = toRecord(requirements.required_stats) ?? {};
  for (const key of STAT_KEYS) {
    const raw = required[key];
    if (raw === undefined || raw === null) continue;
    const min = toNumber(raw);
    if (toNumber(stats[key]) < min)
      reasons.push(`Requires ${STAT_LABELS[key]} ${formatStat(key, min)}`);
  }
  const held = toItemList(stats.inventory);
  const missing = readItems(requirements.required_items).filter((item) => !held.includes(item));
  if (missing.length === 1) reasons.push(`Requires item: ${missing[0]}`);
  if (missing.length > 1) reasons.push(`Requires items: ${missing.join(', ')}`);
  return reasons.length > 0
    ? { locked: true, reason: reasons.join('; ') }
    : { locked: false, reason: null };
}
