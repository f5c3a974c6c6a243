import { decodeEntities } from '../html-entities.ts';
import { callEnd, type FoundLink, hookEnd } from './story-links.ts';

/**
 * What the dry run tells an author about a Twine story beyond its rows (docs/twine.md "The dry
 * run"): the text players will read where macros stood, links Twine shows only under a condition
 * (offered here always), the ways on this game cannot follow, counted for the story, and a
 * verdict: whether a player can reach an ending, or where play stops.
 */

/**
 * Something that looks like an HTML tag. A description holding one is rendered as HTML (product
 * rules "Validation"; the same test as web/features/play/lib/description.ts), where a tag the
 * sanitiser does not know is dropped: `<<fadein>>` reads `<>`.
 */
const TAG = /<\/?[a-z][\w-]*(\s[^<>]*)?\/?>/gi;

/** A description as players read it: as written, or, when it is HTML, its tags dropped. */
export function playersRead(text: string): string {
  const t = text.trim();
  if (!new RegExp(TAG.source, 'i').test(t)) return t;
  const words = t.replace(/<!--[\s\S]*?-->/g, '').replace(TAG, '');
  return decodeEntities(words).replace(/\s+/g, ' ').trim();
}

/** Up to 100 characters of what players read, from a little before where it departs from the text. */
export function excerpt(seen: string, text: string): string {
  const written = text.replace(/\s+/g, ' ').trim();
  let i = 0;
  while (i < seen.length && seen[i] === written[i]) i++;
  const from = Math.max(0, i - 30);
  const part = seen.slice(from, from + 100);
  return `${from > 0 ? '…' : ''}${part}${from + 100 < seen.length ? '…' : ''}`;
}

/** A stretch of a passage shown only when a condition holds, with the condition as written. */
interface Span {
  start: number;
  end: number;
  condition: string;
}

const short = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 50 ? `${one.slice(0, 47)}…` : one;
};

/** SugarCube `<<if>>` … `<</if>>` (nesting counted). */
function sugarCubeSpans(text: string): Span[] {
  const out: Span[] = [];
  const stack: { at: number; condition: string }[] = [];
  for (const m of text.matchAll(/<<(\/?)(if|unless)\b((?:[^>]|>(?!>))*)>>/gi)) {
    if (!m[1]) stack.push({ at: (m.index ?? 0) + m[0].length, condition: m[0] });
    else {
      const open = stack.pop();
      if (open) out.push({ start: open.at, end: m.index ?? 0, condition: open.condition });
    }
  }
  for (const open of stack)
    out.push({ start: open.at, end: text.length, condition: open.condition });
  return out;
}

/** Harlowe `(if:)[…]`, `(unless:)[…]`, `(else-if:)[…]`, `(else:)[…]`. */
function harloweSpans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\((if|unless|else-?if|else):/gi)) {
    const at = m.index ?? 0;
    const close = callEnd(text, at);
    if (close < 0) continue;
    let hook = close + 1;
    while (text[hook] === ' ' || text[hook] === '\n') hook++;
    if (text[hook] !== '[') continue;
    const closed = hookEnd(text, hook);
    const end = closed < 0 ? text.length : closed;
    out.push({ start: hook, end, condition: text.slice(at, close + 1) });
  }
  return out;
}

/** Chapbook `[if …]` / `[unless …]` / `[else]` sections, up to the next modifier line. */
function chapbookSpans(text: string): Span[] {
  const out: Span[] = [];
  const modifiers = [...text.matchAll(/^[ \t]*\[(?!\[)([^\]\n]+)\][ \t]*$/gm)];
  modifiers.forEach((m, i) => {
    if (!/^(if|unless|else)\b/i.test((m[1] as string).trim())) return;
    const next = modifiers[i + 1];
    const start = (m.index ?? 0) + m[0].length;
    out.push({ start, end: next ? (next.index ?? text.length) : text.length, condition: m[0] });
  });
  return out;
}

/** Snowman `<% if (…) { %>` up to the next `<% } %>`. */
function snowmanSpans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/<%\s*(?:\}\s*else\s*)?(?:if|else)\b[^%]*%>/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const close = text.slice(start).search(/<%\s*\}/);
    out.push({ start, end: close < 0 ? text.length : start + close, condition: m[0] });
  }
  return out;
}

/**
 * The passage's own links that Twine shows only under a condition, each with the condition
 * that guards it: `<<if>>`, `(if:)[…]`, `[if …]`, `<% if %>`. This game offers them always.
 */
export function conditionalLinks(
  text: string,
  links: FoundLink[],
): { text: string; condition: string }[] {
  const spans = [
    ...sugarCubeSpans(text),
    ...harloweSpans(text),
    ...chapbookSpans(text),
    ...snowmanSpans(text),
  ];
  const out: { text: string; condition: string }[] = [];
  for (const l of links) {
    const span = spans
      .filter((s) => l.start >= s.start && l.start < s.end)
      .sort((a, b) => b.start - a.start)[0];
    if (span) out.push({ text: l.text, condition: short(span.condition) });
  }
  return out;
}

/** The message for a passage's conditional links, or null. */
export function conditionalMessage(found: { text: string; condition: string }[]): string | null {
  if (!found.length) return null;
  const names = [...new Set(found.map((f) => `"${f.text}"`))];
  const conditions = [...new Set(found.map((f) => f.condition))];
  const links =
    names.length === 1 ? `The link ${names[0]} is` : `The links ${names.join(', ')} are`;
  return `${links} shown in Twine only when ${conditions.length === 1 ? 'a condition holds' : 'conditions hold'} (${conditions.slice(0, 3).join('; ')}): this game offers ${names.length === 1 ? 'it' : 'them'} always, so the condition is bypassed.`;
}

/** Ways on a story uses that this game cannot follow, counted over its scene passages. */
export interface Unfollowable {
  widgets: Map<string, number>;
  back: Map<string, number>;
  computed: number;
}

const BACK =
  /previous\(\)|<<(?:back|return)\b[^>]*>>|\(history:\)|\((?:link-)?undo:[^)]*\)|\{back link[^}]*\}|history\.back\(\)|story\.(?:previous|back)\(\)/gi;

/**
 * The SugarCube widgets (defined in passages tagged `widget`) whose body moves the reader on
 * (a link, `<<goto>>`, `<<link>>`, `[[…]]`): a call to one is navigation this game cannot see.
 */
export function navigatingWidgets(passages: { tags: string[]; text: string }[]): Set<string> {
  const out = new Set<string>();
  for (const p of passages.filter((x) => x.tags.includes('widget'))) {
    const parts = p.text.split(/<<widget\s+/i).slice(1);
    for (const part of parts) {
      const name = /^["']?([\w-]+)/.exec(part)?.[1];
      const body = part.split(/<<\/widget>>/i)[0] ?? '';
      if (name && /\[\[|<<(?:goto|link|button|actions|choice)\b|data-passage/i.test(body))
        out.add(name);
    }
  }
  return out;
}

/** Adds a passage's widget calls, back links and computed links to the story's counts. */
export function countUnfollowable(
  into: Unfollowable,
  text: string,
  widgets: Set<string>,
  unknown: FoundLink[],
): void {
  for (const m of text.matchAll(/<<([\w-]+)/g)) {
    const name = m[1] as string;
    if (widgets.has(name)) into.widgets.set(name, (into.widgets.get(name) ?? 0) + 1);
  }
  for (const m of text.matchAll(BACK)) {
    // Named by the macro, not its arguments: (link-undo:), <<back>>, previous().
    const what = m[0].replace(
      /^(\(|<<|\{)([\w-]+(?: link)?)[\s\S]*$/,
      (_all, open: string, name: string) =>
        open === '(' ? `(${name}:)` : open === '<<' ? `<<${name}>>` : `{${name}}`,
    );
    into.back.set(what, (into.back.get(what) ?? 0) + 1);
  }
  // A link to previous() is counted once, as a "go back" link.
  into.computed += unknown.filter((u) => !new RegExp(BACK.source, 'i').test(u.snippet)).length;
}

const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const named = (m: Map<string, number>, wrap: (k: string) => string) =>
  [...m.keys()].slice(0, 4).map(wrap).join(', ');

/** The story-wide count of ways on this game cannot follow, or null when there are none. */
export function unfollowableMessage(u: Unfollowable): string | null {
  const parts: string[] = [];
  const w = sum(u.widgets);
  if (w) {
    parts.push(
      `${times(w, 'call', 'calls')} of widgets that link (${named(u.widgets, (k) => `<<${k}>>`)})`,
    );
  }
  const b = sum(u.back);
  if (b)
    parts.push(`${times(b, '"go back" link', '"go back" links')} (${named(u.back, (k) => k)})`);
  if (u.computed)
    parts.push(
      times(u.computed, 'link whose passage is computed', 'links whose passage is computed'),
    );
  if (!parts.length) return null;
  return `Ways on this game cannot follow: ${parts.join('; ')}. Players get no option for them; the passages are named below.`;
}

/** The verdict on a story: can a player reach an ending from the start, and where play stops. */
export interface Verdict {
  plays: boolean;
  message: string;
  /** The passage where play stops, when it stops. */
  stopsAt: string | null;
}

interface VScene {
  id: string;
  title: string;
  is_start: boolean;
  is_ending: boolean;
}
interface VOption {
  scenario_id: string;
  next_scenario_id: string | null;
  next_url?: string | null;
}

/**
 * Walks the story from its start over options to its scenes: 'plays to an ending' when a player
 * can reach one (the nearest is named), and 'stops at passage X' for the nearest scene reached
 * that is no ending and offers no way on to a scene of the story.
 */
export function storyVerdict(scenes: VScene[], options: VOption[]): Verdict {
  const start = scenes.find((s) => s.is_start);
  if (!start)
    return {
      plays: false,
      message: 'Does not start: the story has no start passage.',
      stopsAt: null,
    };
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const next = new Map<string, string[]>();
  for (const o of options) {
    if (o.next_scenario_id && byId.has(o.next_scenario_id)) {
      next.set(o.scenario_id, [...(next.get(o.scenario_id) ?? []), o.next_scenario_id]);
    }
  }
  const depth = new Map([[start.id, 0]]);
  const queue = [start.id];
  let ending: VScene | null = null;
  let stop: VScene | null = null;
  while (queue.length) {
    const id = queue.shift() as string;
    const scene = byId.get(id) as VScene;
    const ways = next.get(id) ?? [];
    if (scene.is_ending) ending ??= scene;
    else if (!ways.length) stop ??= scene;
    for (const to of ways) {
      if (!depth.has(to)) {
        depth.set(to, (depth.get(id) ?? 0) + 1);
        queue.push(to);
      }
    }
  }
  const steps = (s: VScene) => times(depth.get(s.id) ?? 0, 'step', 'steps');
  const reached = `${times(depth.size, 'passage', 'passages')} of ${scenes.length} can be reached`;
  if (ending && !stop) {
    return {
      plays: true,
      message: `Plays to an ending: "${ending.title}", ${steps(ending)} from the start (${reached}).`,
      stopsAt: null,
    };
  }
  if (ending && stop) {
    return {
      plays: true,
      message: `Plays to an ending: "${ending.title}", ${steps(ending)} from the start; but stops at passage "${stop.title}" on another path (${steps(stop)} in): it is no ending and offers no way on this game can follow (${reached}).`,
      stopsAt: stop.title,
    };
  }
  if (stop) {
    return {
      plays: false,
      message: `Stops at passage "${stop.title}", ${steps(stop)} from the start: it is no ending and offers no way on this game can follow (${reached}).`,
      stopsAt: stop.title,
    };
  }
  return {
    plays: false,
    message: `Never ends: no ending can be reached from the start; play goes round ${times(depth.size, 'passage', 'passages')} (${reached}).`,
    stopsAt: null,
  };
}
