import { parseLink } from './twee-links.ts';

/**
 * The ways a Twine story moves the reader on, as each story format writes them (docs/twine.md):
 * Twine's `[[…]]` links; Harlowe `(link-goto:)`, `(goto:)`, `(link-reveal-goto:)` and
 * `(link: "text")[(goto: "X")]`; SugarCube `<<link>>` / `<<button>>` (with a passage, a `[[…]]`
 * or a `<<goto>>` inside), `<<goto>>`; Chapbook `{link to: …}`; Snowman and HTML
 * `<a data-passage>`; and web addresses (`<a href>`, Markdown `[text](https://…)`, `(open-url:)`,
 * a `[[…]]` whose target is an address). Each is found with where it sits, so the prose players
 * read can leave out the links that became options.
 */

/** One way on found in a passage: to a passage, to a web address, or one that cannot be followed. */
export interface FoundLink {
  kind: 'passage' | 'url' | 'unknown';
  text: string;
  /** The passage name, or the web address (as written: see webAddress). */
  target: string;
  /** A SugarCube setter (`[[…][$x to 1]]`) was dropped. */
  setter: boolean;
  /** The markup as written (for the report when it cannot be followed). */
  snippet: string;
  start: number;
  end: number;
  /** True when the link shows no text of its own in the prose (a goto). */
  hidden: boolean;
}

const WEB = /^(?:https?:\/\/|www\.)\S+$/i;

/** A web address as an option opens it (`www.x` gets https://), or null. */
export function webAddress(target: string): string | null {
  const t = target.trim();
  if (!WEB.test(t)) return null;
  return /^www\./i.test(t) ? `https://${t}` : t;
}

/** A quoted string literal at the start of `s` ('x', "x" or `x`), its value and length. */
function literal(s: string): { value: string; length: number } | null {
  const m = /^\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/.exec(s);
  return m ? { value: (m[2] as string).replace(/\\(.)/g, '$1'), length: m[0].length } : null;
}

/** The arguments of a macro call when all are string literals, else null (a variable, an expression). */
function literals(args: string, separator: RegExp): string[] | null {
  const out: string[] = [];
  let rest = args.trim();
  while (rest) {
    const lit = literal(rest);
    if (!lit) return null;
    out.push(lit.value);
    rest = rest.slice(lit.length).replace(separator, '').trim();
  }
  return out;
}

/** Where the hook `[ … ]` opening at `open` closes (nesting counted), or -1. */
export function hookEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

/** Where the macro call opening at `at` (`(name:`) closes, parentheses and strings counted, or -1. */
export function callEnd(text: string, at: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = at; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

const link = (
  kind: FoundLink['kind'],
  text: string,
  target: string,
  snippet: string,
  start: number,
  hidden: boolean,
  setter = false,
): FoundLink => ({
  kind,
  text: text.trim() || target.trim(),
  target: target.trim(),
  setter,
  snippet,
  start,
  end: start + snippet.length,
  hidden,
});

/** A target as a way on: a web address, a passage name, or (an expression such as passage() or $next) unknown. */
function classify(
  text: string,
  target: string,
  snippet: string,
  at: number,
  hidden: boolean,
  code = true,
) {
  if (webAddress(target)) return link('url', text, target, snippet, at, hidden);
  // A call (passage(), previous()) or a story variable ($next) names no passage of its own.
  if (!target.trim() || (code && /^[\w.$]+\(.*\)$|^\$[A-Za-z_][\w.]*$/.test(target.trim()))) {
    return link('unknown', text, target, snippet, at, hidden);
  }
  return link('passage', text, target, snippet, at, hidden);
}

/** Twine's `[[…]]` links. */
function twineLinks(text: string, code: boolean): FoundLink[] {
  return [...text.matchAll(/\[\[((?:[^\]]|\](?!\]))+)\]\]/g)].map((m) => {
    const p = parseLink(m[1] as string);
    return { ...classify(p.text, p.target, m[0], m.index ?? 0, false, code), setter: p.setter };
  });
}

/** Harlowe's link and goto macros, and `(link: "text")[… (goto: "X") or (open-url: "…") …]`. */
function harloweLinks(text: string): FoundLink[] {
  const out: FoundLink[] = [];
  const re = /\((link-goto|link-reveal-goto|go-?to|link|link-replace|link-rerun|link-reveal):/gi;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    const close = callEnd(text, at);
    if (close < 0) continue;
    const name = (m[1] as string).toLowerCase();
    const args = literals(text.slice(at + m[0].length, close), /^\s*,/);
    const call = text.slice(at, close + 1);
    if (name === 'link-goto' || name === 'link-reveal-goto') {
      if (!args?.length) out.push(link('unknown', '', '', call, at, false));
      else out.push(classify(args[0] as string, (args[1] ?? args[0]) as string, call, at, false));
    } else if (name === 'goto' || name === 'go-to') {
      if (!args?.length) out.push(link('unknown', '', '', call, at, true));
      else out.push(classify('Continue', args[0] as string, call, at, true));
    } else if (text[close + 1] === '[' && args?.length) {
      // (link: "text")[ … ]: a way on when its hook goes to a passage or opens an address.
      const end = hookEnd(text, close + 1);
      if (end < 0) continue;
      const hook = text.slice(close + 2, end);
      const goes = /\((?:go-?to|open-url|goto-url):\s*(["'])((?:\\.|(?!\1)[^\\])*)\1\s*\)/i.exec(
        hook,
      );
      if (!goes) continue;
      out.push(classify(args[0] as string, goes[2] as string, text.slice(at, end + 1), at, false));
    }
  }
  return out;
}

/** SugarCube's `<<link>>` / `<<button>>` (with a passage, a `[[…]]` or a `<<goto>>` inside) and `<<goto>>`. */
function sugarCubeLinks(text: string): FoundLink[] {
  const out: FoundLink[] = [];
  for (const m of text.matchAll(/<<(link|button|goto)\b\s*((?:[^>]|>(?!>))*)>>/gi)) {
    const at = m.index ?? 0;
    const name = (m[1] as string).toLowerCase();
    const inside = (m[2] as string).trim();
    const closer = name === 'goto' ? -1 : text.indexOf(`<</${name}>>`, at);
    const end = closer < 0 ? at + m[0].length : closer + name.length + 5;
    const snippet = text.slice(at, end);
    const bracketed = /^\[\[((?:[^\]]|\](?!\]))+)\]\]/.exec(inside);
    if (bracketed) {
      const p = parseLink(bracketed[1] as string);
      const goto = name === 'goto';
      const found = classify(goto ? 'Continue' : p.text, p.target, snippet, at, goto);
      out.push({ ...found, setter: p.setter });
      continue;
    }
    const args = literals(inside, /^\s+/);
    if (name === 'goto') {
      out.push(
        args?.length
          ? classify('Continue', args[0] as string, snippet, at, true)
          : link('unknown', '', '', snippet, at, true),
      );
    } else if (args && args.length >= 2) {
      out.push(classify(args[0] as string, args[1] as string, snippet, at, false));
    } else if (args?.length === 1 && closer >= 0) {
      const body = text.slice(at + m[0].length, closer);
      const goes = /<<goto\s+(["'])((?:\\.|(?!\1)[^\\])*)\1\s*>>/i.exec(body);
      if (goes) out.push(classify(args[0] as string, goes[2] as string, snippet, at, false));
    }
  }
  return out;
}

/** Chapbook's `{link to: 'Passage', label: 'text'}` insert. */
function chapbookLinks(text: string): FoundLink[] {
  return [...text.matchAll(/\{link to\s*:\s*([^}]*)\}/gi)].map((m) => {
    const inner = m[1] as string;
    const to = literal(inner);
    const label = /label\s*:\s*(["'])((?:\\.|(?!\1)[^\\])*)\1/i.exec(inner)?.[2];
    const at = m.index ?? 0;
    if (!to) return link('unknown', '', '', m[0], at, true);
    return classify(label ?? to.value, to.value, m[0], at, false);
  });
}

/** HTML `<a data-passage="X">` and `<a href="https://…">`, and Markdown `[text](https://…)`. */
function anchorLinks(text: string): FoundLink[] {
  const out: FoundLink[] = [];
  for (const m of text.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const attrs = m[1] as string;
    const words = (m[2] as string).replace(/<[^>]*>/g, '').trim();
    const passage = /data-passage\s*=\s*(["'])(.*?)\1/i.exec(attrs)?.[2];
    const href = /href\s*=\s*(["'])(.*?)\1/i.exec(attrs)?.[2];
    const at = m.index ?? 0;
    if (passage) out.push(link('passage', words, passage, m[0], at, false));
    else if (href && webAddress(href)) out.push(link('url', words, href, m[0], at, false));
  }
  for (const m of text.matchAll(/(?<!\[)\[([^\][\n]+)\]\((https?:\/\/[^)\s]+)\)/g)) {
    out.push(link('url', m[1] as string, m[2] as string, m[0], m.index ?? 0, false));
  }
  return out;
}

/**
 * Every way on in a passage, in reading order. With `markup` false only `[[…]]` links count
 * (a passage this game wrote, whose text is its own), else the story formats' macros too.
 * A way on inside another (a `[[…]]` inside `<<link>>`) is found once.
 */
export function findLinks(text: string, markup: boolean): FoundLink[] {
  const all = markup
    ? [
        ...sugarCubeLinks(text),
        ...harloweLinks(text),
        ...twineLinks(text, true),
        ...chapbookLinks(text),
        ...anchorLinks(text),
      ]
    : twineLinks(text, false);
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: FoundLink[] = [];
  for (const l of all) {
    const last = out[out.length - 1];
    if (last && l.start < last.end) continue;
    out.push(l);
  }
  return out;
}

/** What a line keeps besides its links when it is only there to hold them (`> [[a]] | [[b]]`). */
const LINK_LINE_REST = /^[\s|>*•·,\-–—]*$/;
/** Harlowe's `(button:)` changer in front of a link: part of the link, not of the prose. */
const BUTTON = /\(button:\s*\)/gi;

/** The links a passage's options come from, the ones that cannot be followed, and the prose. */
export interface ReadPassage {
  links: FoundLink[];
  unknown: FoundLink[];
  prose: string;
}

/**
 * Every way on of a passage in reading order (see findLinks), and the text players read: a line
 * holding only links (and separators such as `|` or Chapbook's `>`) is removed, a link inside a
 * sentence is replaced by its text, a goto by nothing; what cannot be followed stays as written.
 * Blank lines left at either end are trimmed.
 */
export function readLinks(text: string, markup = false): ReadPassage {
  const found = findLinks(text, markup);
  let marked = '';
  let from = 0;
  found.forEach((l, i) => {
    marked += `${text.slice(from, l.start)}\uE000${i}\uE001`;
    from = l.end;
  });
  marked += text.slice(from);
  const put = (line: string) =>
    line.replace(/\uE000(\d+)\uE001/g, (_m, i: string) => {
      const l = found[Number(i)] as FoundLink;
      return l.kind === 'unknown' ? l.snippet : l.hidden ? '' : l.text;
    });
  const kept: string[] = [];
  for (const line of marked.split('\n')) {
    if (!line.includes('\uE000')) kept.push(line);
    else {
      const rest = line.replace(/\uE000\d+\uE001/g, '').replace(markup ? BUTTON : /$^/, '');
      const onlyLinks = found.every(
        (l, i) => !line.includes(`\uE000${i}\uE001`) || l.kind !== 'unknown',
      );
      if (!(onlyLinks && LINK_LINE_REST.test(rest))) kept.push(put(line));
    }
  }
  return {
    links: found.filter((l) => l.kind !== 'unknown'),
    unknown: found.filter((l) => l.kind === 'unknown'),
    prose: kept.join('\n').trim(),
  };
}

/** A passage shown inside another: SugarCube `<<include "X">>` / `<<display>>`, Harlowe `(display: "X")`. */
export interface Inclusion {
  target: string;
  start: number;
}

/** The passages a passage shows inside itself, in reading order (string literals only). */
export function findIncludes(text: string): Inclusion[] {
  const out: Inclusion[] = [];
  for (const m of text.matchAll(/<<(?:include|display)\s+((?:[^>]|>(?!>))*)>>/gi)) {
    const inside = (m[1] as string).trim();
    const bracketed = /^\[\[((?:[^\]]|\](?!\]))+)\]\]/.exec(inside);
    const target = bracketed ? parseLink(bracketed[1] as string).target : literal(inside)?.value;
    if (target) out.push({ target, start: m.index ?? 0 });
  }
  for (const m of text.matchAll(/\(display:\s*(["'])((?:\\.|(?!\1)[^\\])*)\1\s*\)/gi)) {
    out.push({ target: m[2] as string, start: m.index ?? 0 });
  }
  return out.sort((a, b) => a.start - b.start);
}
