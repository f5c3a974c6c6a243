import {
  clampStat,
  cloneStats,
  DEFAULT_STATS,
  isStatKey,
  SAVE_DEFAULT_STATS,
  STAT_LABELS,
  toItemList,
  toNumber,
  ZERO_STATS,
} from './stats.ts';
import type { PlayerStats, StatDefinition } from './stats.types.ts';

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
}

function parseJson(raw: unknown): unknown {
  let value = raw;
  // Some rows hold the config JSON-encoded twice; unwrap at most two string layers.
  for (let i = 0; i < 2 && typeof value === 'string'; i++) {
    const text = value.trim();
    if (text === '' || text === 'null') return null;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  return value;
}

/**
 * Reads a scene's stats_config (array or JSON string) into clean stat definitions. Entries need a
 * non-empty string id and a numeric (or numeric-string) defaultValue; others are dropped, and of
 * two entries with one id the first wins. Returns null when the config is unusable — null,
 * 'null', '[]', '', garbage, or nothing valid left — which is when a scene shows the
 * 'Scene Stats Warning' (product rules "Screens", "Validation" rules).
 */
export function parseStatsConfig(raw: unknown): StatDefinition[] | null {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return null;
  const out: StatDefinition[] = [];
  for (const entry of value) {
    if (entry === null || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    const id = typeof e.id === 'string' ? e.id.trim() : '';
    if (id === '' || !isNumeric(e.defaultValue) || out.some((d) => d.id === id)) continue;
    const name =
      typeof e.name === 'string' && e.name.trim() !== ''
        ? e.name
        : isStatKey(id)
          ? STAT_LABELS[id]
          : id;
    const def: StatDefinition = { id, name, defaultValue: toNumber(e.defaultValue) };
    if (typeof e.description === 'string') def.description = e.description;
    if (typeof e.icon === 'string') def.icon = e.icon;
    out.push(def);
  }
  return out.length > 0 ? out : null;
}

/** True when a scene's stats_config can be used (the opposite of the 'Scene Stats Warning'). */
export function hasUsableStatsConfig(raw: unknown): boolean {
  return parseStatsConfig(raw) !== null;
}

/**
 * The stats a player has on entering a scene (product rules "Play" 'On scene change').
 *
 * Decision: the scene's stats_config is a checkpoint. Every configured id that is a stat key
 * gets its defaultValue as a number (floored at 0); unknown ids are ignored; stats the config
 * does not name keep their current value, and the inventory is kept. Keeping unnamed stats is
 * what lets an option's changes to them survive the scene change; the spec's "all stats are 0
 * unless configured" is the new-game case, see initialStats(). An unusable config (see
 * parseStatsConfig) changes nothing. `config` may be raw or already parsed.
 */
export function rebuildStats(config: unknown, current: PlayerStats): PlayerStats {
  const next = cloneStats(current);
  next.inventory = toItemList(current.inventory);
  for (const def of parseStatsConfig(config) ?? []) {
    if (isStatKey(def.id)) next[def.id] = clampStat(def.defaultValue);
  }
  return next;
}

/**
 * The stats of a new game at the initial scene (product rules "Play" 'At intro start all stats are 0 unless
 * configured'): zeros overlaid with the scene's stats_config, empty inventory. A scene with no
 * usable stats_config gives DEFAULT_STATS (product rules "Limits" 'Default stats with no config').
 */
export function initialStats(config: unknown): PlayerStats {
  if (parseStatsConfig(config) === null) return cloneStats(DEFAULT_STATS);
  return rebuildStats(config, ZERO_STATS);
}

/** The outcome of validateStatsConfig: the clean config to store, or the messages to show. */
export type StatsConfigValidation =
  | { ok: true; config: StatDefinition[] }
  | { ok: false; errors: string[] };

/**
 * Checks the stats table before the admin saves it: every stat needs an id, ids are unique and
 * default values are numbers. Names left blank become the stat's label or id. An empty list is
 * stored as SAVE_DEFAULT_STATS (product rules "Limits" 'Defaults when saving a scene with no stats'). The spec
 * gives no texts for these cases, so the messages are ours.
 */
export function validateStatsConfig(list: readonly unknown[]): StatsConfigValidation {
  if (list.length === 0) {
    return { ok: true, config: SAVE_DEFAULT_STATS.map((d) => ({ ...d })) };
  }
  const errors: string[] = [];
  const config: StatDefinition[] = [];
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const e = (entry !== null && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const id = typeof e.id === 'string' ? e.id.trim() : '';
    const label = typeof e.name === 'string' && e.name.trim() !== '' ? e.name.trim() : '';
    const shown = label || id || `Stat ${i + 1}`;
    if (id === '') errors.push(`Stat ${i + 1} needs an ID`);
    else if (seen.has(id)) errors.push(`Stat ID "${id}" is used more than once`);
    seen.add(id);
    if (!isNumeric(e.defaultValue)) errors.push(`Default value of ${shown} must be a number`);
    const name = label || (isStatKey(id) ? STAT_LABELS[id] : id);
    const def: StatDefinition = { id, name, defaultValue: toNumber(e.defaultValue) };
    if (typeof e.description === 'string') def.description = e.description;
    if (typeof e.icon === 'string') def.icon = e.icon;
    config.push(def);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}
