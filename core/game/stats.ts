import {
  type PlayerStats,
  STAT_KEYS,
  type StatChanges,
  type StatDefinition,
  type StatKey,
} from './stats.types.ts';

/** What players see for each stat key (product rules "Content" 'Stat label map'). */
export const STAT_LABELS: Readonly<Record<StatKey, string>> = Object.freeze({
  health: 'SEO Ranking',
  strength: 'Traffic',
  intelligence: 'Knowledge',
  charisma: 'Happiness',
  gold: 'Budget',
  delusion: 'Delusion',
  revenue: 'Revenue',
});

/** Gold an option costs when it names no gold change (product rules "Play", "Limits" rules). */
export const DEFAULT_CHOICE_COST = 5;

/** Highest value a stat can hold, so stats stay finite and survive a JSON round trip. */
export const STAT_MAX = Number.MAX_SAFE_INTEGER;

/** The scene a player falls back to when the saved data is incomplete (product rules "Limits"). */
export const FALLBACK_SCENE_ID = 'intro';

type StatValues = Record<StatKey, number>;

function frozenStats(values: StatValues): PlayerStats {
  // Frozen so no caller can change a shared default by accident; copy with cloneStats().
  return Object.freeze({ ...values, inventory: Object.freeze([]) as unknown as string[] });
}

function definitions(values: StatValues): StatDefinition[] {
  return Object.freeze(
    STAT_KEYS.map((id) => Object.freeze({ id, name: STAT_LABELS[id], defaultValue: values[id] })),
  ) as unknown as StatDefinition[];
}

/**
 * The values of FALLBACK_STATS (a player's saved data is incomplete), which the admin editor's
 * 'Reset to Default' also offers (product rules "Limits").
 */
const FALLBACK_VALUES: StatValues = {
  health: 100,
  strength: 0,
  intelligence: 0,
  charisma: 100,
  gold: 30,
  delusion: 100,
  revenue: 0,
};

/** Stats of a player whose scene has no stats_config at all (product rules "Limits" 'Default stats with no config'). */
export const DEFAULT_STATS: PlayerStats = frozenStats({
  health: 100,
  strength: 10,
  intelligence: 15,
  charisma: 100,
  gold: 30,
  delusion: 100,
  revenue: 0,
});

/** The admin editor's 'Reset to Default' stats_config: ids are stat keys, names are labels (product rules "Limits"). */
export const ADMIN_DEFAULT_STATS: StatDefinition[] = definitions(FALLBACK_VALUES);

/**
 * The stats_config stored when an admin saves a scene that has no stats (product rules "Limits"). It is a
 * stats_config (StatDefinition[]) because that is what the scene keeps.
 */
export const SAVE_DEFAULT_STATS: StatDefinition[] = definitions({
  health: 20,
  strength: 10,
  intelligence: 15,
  charisma: 50,
  gold: 30,
  delusion: 20,
  revenue: 5,
});

/** Stats used when a player's saved data is incomplete; the scene is FALLBACK_SCENE_ID (product rules "Limits"). */
export const FALLBACK_STATS: PlayerStats = frozenStats(FALLBACK_VALUES);

/** Every stat 0 and no inventory: a new game before its scene's stats_config is applied. */
export const ZERO_STATS: PlayerStats = frozenStats({
  health: 0,
  strength: 0,
  intelligence: 0,
  charisma: 0,
  gold: 0,
  delusion: 0,
  revenue: 0,
});

/** True for one of the seven stat keys. */
export function isStatKey(key: unknown): key is StatKey {
  return typeof key === 'string' && (STAT_KEYS as readonly string[]).includes(key);
}

/** Coerces a value to a finite number: numbers and numeric strings count, anything else is 0. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** Keeps a stat within 0..STAT_MAX (the 0 floor of product rules "Validation"). */
export function clampStat(v: number): number {
  // `!(v > 0)` also turns NaN and -0 into a plain 0.
  if (!(v > 0)) return 0;
  return Math.min(v, STAT_MAX);
}

/** A mutable copy of a stats object (the shared defaults are frozen). */
export function cloneStats(stats: PlayerStats): PlayerStats {
  return { ...stats, inventory: [...stats.inventory] };
}

/** A clean list of item names: strings only, trimmed, non-empty, each once. A lone string is one item. */
export function toItemList(v: unknown): string[] {
  const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const name = item.trim();
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Reads an object that may arrive as a JSON string (database text columns); anything else is null. */
export function toRecord(v: unknown): Record<string, unknown> | null {
  let value = v;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * Reads stored stats (object or JSON string) into a clean PlayerStats: values coerced to numbers
 * and floored at 0, inventory cleaned. Missing stats come from `fallback` (product rules "Limits" 'Fallback when
 * data incomplete'), so a half-written record never yields NaN.
 */
export function normaliseStats(raw: unknown, fallback: PlayerStats = FALLBACK_STATS): PlayerStats {
  const rec = toRecord(raw) ?? {};
  const out = cloneStats(fallback);
  for (const key of STAT_KEYS) {
    const v = rec[key];
    if (v !== undefined && v !== null) out[key] = clampStat(toNumber(v));
  }
  if (rec.inventory !== undefined) out.inventory = toItemList(rec.inventory);
  return out;
}

/**
 * Applies an option's stat changes (object or JSON string; product rules "Content" 'Stat changes object').
 * Deltas are coerced to numbers and every stat is floored at 0. When the changes have no gold
 * entry (including no changes at all) the choice costs DEFAULT_CHOICE_COST gold; a gold entry of
 * 0 costs nothing. Inventory: `addInventory` items are added unless already held, then
 * `removeInventory` items are removed. Returns a new object; `stats` is not changed.
 */
export function applyStatChanges(stats: PlayerStats, changes: unknown): PlayerStats {
  const rec: Record<string, unknown> = toRecord(changes) ?? {};
  const next = cloneStats(stats);
  for (const key of STAT_KEYS) {
    const raw = rec[key];
    const hasEntry = raw !== undefined && raw !== null;
    const delta = hasEntry ? toNumber(raw) : key === 'gold' ? -DEFAULT_CHOICE_COST : 0;
    next[key] = clampStat(toNumber(stats[key]) + delta);
  }
  const inventory = toItemList(stats.inventory);
  for (const item of toItemList(rec.addInventory)) {
    if (!inventory.includes(item)) inventory.push(item);
  }
  const removed = toItemList(rec.removeInventory);
  next.inventory = inventory.filter((item) => !removed.includes(item));
  return next;
}

/** Keeps only the known parts of a stat changes value, coerced (for storage and display). */
export function toStatChanges(changes: unknown): StatChanges {
  const rec = toRecord(changes) ?? {};
  const out: StatChanges = {};
  for (const key of STAT_KEYS) {
    const raw = rec[key];
    if (raw !== undefined && raw !== null) out[key] = toNumber(raw);
  }
  const add = toItemList(rec.addInventory);
  const remove = toItemList(rec.removeInventory);
  if (add.length > 0) out.addInventory = add;
  if (remove.length > 0) out.removeInventory = remove;
  return out;
}

/** A stat value as shown to players: Budget and Revenue get a '$' prefix (product rules "Screens"). */
export function formatStat(key: StatKey, value: number): string {
  return key === 'gold' || key === 'revenue' ? `$${value}` : String(value);
}
