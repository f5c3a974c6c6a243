import type { FieldChange } from '../api/history.ts';
import { STAT_LABELS } from '../game/stats.ts';
import type { StatKey } from '../game/stats.types.ts';

/*
 * What differs between a revision and the item as it is now, in words a person reads: each field
 * that changed with its value in the revision and its value now. Snapshots are stored rows
 * (snake_case columns) or documents (camelCase fields); a scene's snapshot is { scene, options }.
 */

/** Columns that are bookkeeping, not content: never listed as a change. */
const IGNORED = new Set([
  'id',
  'created_at',
  'updated_at',
  'createdAt',
  'updatedAt',
  'version',
  'map_x',
  'map_y',
  'is_start',
  'scenario_id',
  'position',
]);

/** Field names that a plain word split would get wrong. */
const LABELS: Record<string, string> = {
  image_url: 'Image',
  html_section: 'Embedded HTML',
  ai_instructions: 'AI Instructions',
  stats_config: 'Stats',
  day: 'Game day',
  is_ending: 'Ending scene',
  is_end_of_day: 'End of day',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  url: 'URL',
};

const MAX_SHOWN = 2000;

/** 'image_url' / 'imageUrl' → 'Image url', unless LABELS names it. */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const statName = (key: string) => STAT_LABELS[key as StatKey] ?? key;

/** A value as a short readable text ('(empty)', 'Yes', 'Budget 30, Revenue 0'). */
export function showValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'stats_config' && Array.isArray(value)) {
    return value
      .map((s: { name?: string; id?: string; defaultValue?: unknown }) => {
        return `${s.name ?? statName(String(s.id))} ${String(s.defaultValue)}`;
      })
      .join(', ');
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** Field-by-field changes of two flat records (keys of either side). */
export function diffFields(
  revision: Record<string, unknown>,
  current: Record<string, unknown>,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(revision), ...Object.keys(current)])];
  const out: FieldChange[] = [];
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const before = showValue(key, revision[key]);
    const after = showValue(key, current[key]);
    if (before !== after) out.push({ field: fieldLabel(key), before, after });
  }
  return out;
}

type OptionRow = Record<string, unknown>;

/** An option in one line: its text, where it leads, and what it does to the stats. */
export function describeOption(o: OptionRow): string {
  const to = o.next_url ? String(o.next_url) : String(o.next_scenario_id ?? '(nowhere)');
  const changes = Object.entries((o.stats_changes as Record<string, unknown> | null) ?? {})
    .filter(([, v]) => typeof v === 'number' && v !== 0)
    .map(([k, v]) => `${statName(k)} ${(v as number) > 0 ? '+' : ''}${String(v)}`);
  return `${String(o.text)} → ${to}${changes.length ? ` (${changes.join(', ')})` : ''}`;
}

/** Options compared by id: added, removed or rewritten ones, each as one change. */
function diffOptions(revision: OptionRow[], current: OptionRow[]): FieldChange[] {
  const now = new Map(current.map((o) => [String(o.id), o]));
  const then = new Map(revision.map((o) => [String(o.id), o]));
  const out: FieldChange[] = [];
  const whyOf = (o: OptionRow) => (typeof o.why === 'string' && o.why !== '' ? o.why : '(none)');
  revision.forEach((o, i) => {
    const before = describeOption(o);
    const cur = now.get(String(o.id));
    const after = cur ? describeOption(cur) : '(removed since)';
    if (before !== after) out.push({ field: `Option ${i + 1}`, before, after });
    // The why line is said to players after the choice: an edit of it alone is a change too.
    if (cur && whyOf(o) !== whyOf(cur)) {
      out.push({ field: `Option ${i + 1} why line`, before: whyOf(o), after: whyOf(cur) });
    }
  });
  for (const o of current) {
    if (!then.has(String(o.id))) {
      out.push({ field: 'Option (added since)', before: '(none)', after: describeOption(o) });
    }
  }
  return out;
}

/** A scene's snapshot: its row and its options' rows. */
export interface SceneSnapshot {
  scene: Record<string, unknown>;
  options: OptionRow[];
}

/** True when a snapshot has the scene shape. */
export function isSceneSnapshot(s: unknown): s is SceneSnapshot {
  const v = s as SceneSnapshot | null;
  return !!v && typeof v.scene === 'object' && Array.isArray(v.options);
}

/** What differs between a snapshot in history and the item now (either kind of snapshot). */
export function diffSnapshots(revision: unknown, current: unknown): FieldChange[] {
  if (isSceneSnapshot(revision) && isSceneSnapshot(current)) {
    return [
      ...diffFields(revision.scene, current.scene),
      ...diffOptions(revision.options, current.options),
    ];
  }
  return diffFields(
    (revision ?? {}) as Record<string, unknown>,
    (current ?? {}) as Record<string, unknown>,
  );
}
