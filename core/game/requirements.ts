import { type OptionChangeFields, optionStatChanges } from './change-columns.ts';
import { isFlag, itemLabel } from './items.ts';
import { formatStat, STAT_LABELS, toItemList, toNumber, toRecord } from './stats.ts';
import { type PlayerStats, STAT_KEYS, type StatKey } from './stats.types.ts';

/**
 * An option's requirements as stored: objects/lists, JSON strings, or null; and its stat changes,
 * because an option that costs more budget than the player has is locked too.
 */
export interface OptionRequirements extends OptionChangeFields {
  required_stats?: unknown;
  required_items?: unknown;
}

/** Whether an option is locked for this player, and why in words a player understands. */
export interface RequirementCheck {
  locked: boolean;
  /** e.g. 'Requires Knowledge 20; Requires item: Business card', or null when unlocked. */
  reason: string | null;
  /**
   * The player lacks a story flag the option needs ('Flag: …', core/game/items.ts): the option
   * is not offered at all (a branch of the story this player is not on), and no reason names it.
   * Absent otherwise.
   */
  hidden?: true;
}

/** The reason of an option locked only by flags (seen only by a request naming a hidden option). */
const NOT_ON_YOUR_PATH = 'Not available on your path';

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
 * The budget an option needs: what its named budget change takes away (a change of -30 needs
 * $30), or 0 when it names none or gives money. The default 5-gold cost of an option that names
 * no budget change is not a price the player is shown, so it never locks (it floors at 0).
 */
export function budgetNeeded(option: OptionChangeFields): number {
  const change = optionStatChanges(option).gold;
  return change !== undefined && change < 0 ? -change : 0;
}

/** The minimum each stat must reach: required_stats, with gold raised to the option's price. */
function minimums(requirements: OptionRequirements): Partial<Record<StatKey, number>> {
  const required = toRecord(requirements.required_stats) ?? {};
  const out: Partial<Record<StatKey, number>> = {};
  for (const key of STAT_KEYS) {
    const raw = required[key];
    if (raw !== undefined && raw !== null) out[key] = toNumber(raw);
  }
  const price = budgetNeeded(requirements);
  if (price > 0) out.gold = Math.max(out.gold ?? 0, price);
  return out;
}

/**
 * Checks an option's required_stats (minimum values by stat key), its price (a budget change
 * larger than the budget: money is real) and required_items (inventory names) against the
 * player's stats. A stat meets its requirement when it is at least the minimum; unknown stat
 * keys are ignored; items match by exact name. Reasons list the failing stats in stat order
 * (Budget once, at the higher of its minimum and the price), then the missing items by their
 * label: 'Requires Knowledge 20', 'Requires Budget $50', 'Requires item: Business card',
 * 'Requires items: A, B', joined with '; '. A missing story flag is never named: it makes the
 * option `hidden` (and, alone, locked as 'Not available on your path').
 */
export function checkRequirements(
  stats: PlayerStats,
  requirements: OptionRequirements,
): RequirementCheck {
  const reasons: string[] = [];
  const required = minimums(requirements);
  for (const key of STAT_KEYS) {
    const min = required[key];
    if (min === undefined) continue;
    if (toNumber(stats[key]) < min)
      reasons.push(`Requires ${STAT_LABELS[key]} ${formatStat(key, min)}`);
  }
  const held = toItemList(stats.inventory);
  const missing = readItems(requirements.required_items).filter((item) => !held.includes(item));
  const hidden = missing.some(isFlag);
  const shown = missing.filter((item) => !isFlag(item)).map(itemLabel);
  if (shown.length === 1) reasons.push(`Requires item: ${shown[0]}`);
  if (shown.length > 1) reasons.push(`Requires items: ${shown.join(', ')}`);
  if (hidden && reasons.length === 0) reasons.push(NOT_ON_YOUR_PATH);
  if (reasons.length === 0) return { locked: false, reason: null };
  const check: RequirementCheck = { locked: true, reason: reasons.join('; ') };
  if (hidden) check.hidden = true;
  return check;
}
