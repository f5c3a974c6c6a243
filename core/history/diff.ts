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
function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const statName = (key: string) => STAT_LABELS[key as StatKey] ?? key;

/** A value as a short readable text ('(empty)', 'Yes', 'Budget 30, Revenue 0'). */
function showValue(key: string, value: unknown): string {
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
function diffFields(
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
function describeOption(o: OptionRow): string {
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
function isSceneSnapshot(s: unknown): s is SceneSnapshot {
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

/** One run of a per-word comparison: words both texts have, or words only one of them has. */
export interface WordPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Words and the spaces around them (' one two,  three' → ' one ', 'two,  ', 'three'). */
const tokens = (text: string) => text.match(/\s*\S+\s*|\s+/g) ?? [];
/** Words and the spaces between them, each a token of its own. */
const wordsAndSpaces = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** Beyond this many token pairs the middle is shown as one replacement (time stays bounded). */
const MAX_PAIRS = 4_000_000;

/**
 * What changed from `from` to `to`, word by word: the words both have ('same'), the words only
 * `from` has ('removed') and only `to` has ('added'), in reading order, neighbours of one kind
 * joined. A one-word edit in a long text is one removed and one added word among same runs (the
 * longest common subsequence of the words, after the common start and end are set aside).
 */
export function wordDiff(from: string, to: string): WordPart[] {
  const a = wordsAndSpaces(from);
  const b = wordsAndSpaces(to);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: WordPart[] = [];
  const push = (kind: WordPart['kind'], text: string) => {
    if (text === '') return;
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_PAIRS) {
    push('removed', midA.join(''));
    push('added', midB.join(''));
  } else {
    // lcs[i][j]: length of the longest common run of midA[i..] and midB[j..].
    const n = midA.length;
    const m = midB.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      const row = lcs[i] as Uint32Array;
      const below = lcs[i + 1] as Uint32Array;
      for (let j = m - 1; j >= 0; j--) {
        row[j] =
          midA[i] === midB[j]
            ? (below[j + 1] as number) + 1
            : Math.max(below[j] as number, row[j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        push('same', midA[i++] as string);
        j++;
      } else if (i < n && (j >= m || (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))) {
        // What was there goes first, then what replaced it.
        push('removed', midA[i++] as string);
      } else {
        push('added', midB[j++] as string);
      }
    }
  }
  push('same', a.slice(endA).join(''));
  return joinChanges(parts);
}

/**
 * Changes separated only by spaces read as one change: 'a b' → 'c d' is 'a b' out, 'c d' in,
 * not four words around a shared space.
 */
function joinChanges(parts: WordPart[]): WordPart[] {
  const out: WordPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  parts.forEach((p, k) => {
    const between =
      p.kind === 'same' &&
      p.text.trim() === '' &&
      (removed || added) &&
      parts[k + 1] !== undefined &&
      parts[k + 1]?.kind !== 'same';
    if (p.kind === 'removed' || between) removed += p.text;
    if (p.kind === 'added' || between) added += p.text;
    if (p.kind === 'same' && !between) {
      flush();
      out.push(p);
    }
  });
  flush();
  return out;
}

/**
 * A per-word comparison with long unchanged runs shortened to `context` words on each side of a
 * change ('…' where words were left out), so a one-word edit in 780 characters reads as one line.
 */
export function shortenSame(parts: WordPart[], context = 8): WordPart[] {
  return parts.map((p, k) => {
    if (p.kind !== 'same') return p;
    const words = tokens(p.text);
    const first = k === 0;
    const last = k === parts.length - 1;
    const keep = (first ? 0 : context) + (last ? 0 : context);
    if (words.length <= keep + 2) return p;
    const head = first ? '' : words.slice(0, context).join('');
    const tail = last ? '' : words.slice(words.length - context).join('');
    return { kind: 'same', text: `${head}…${tail ? ' ' : ''}${tail}` };
  });
}

/**
 * Whether a per-word comparison reads better than the two values side by side: the texts share
 * at least half of the longer one's letters (an edit, not a rewrite).
 */
export function isEdit(parts: WordPart[]): boolean {
  let same = 0;
  let from = 0;
  let to = 0;
  for (const p of parts) {
    const letters = p.text.replace(/\s+/g, '').length;
    if (p.kind === 'same') same += letters;
    if (p.kind !== 'added') from += letters;
    if (p.kind !== 'removed') to += letters;
  }
  return same > 0 && same * 2 >= Math.max(from, to);
}
