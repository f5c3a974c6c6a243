/**
 * Twine links in passage text, as Twine 2 finds them: `[[target]]`, `[[text->target]]`,
 * `[[target<-text]]`, `[[text|target]]`, with SugarCube's setter `[[text|target][$x to 1]]`.
 */

/** A link's text and target from what is inside `[[…]]` (rightmost `->`, leftmost `<-`, rightmost `|`). */
export function parseLink(inside: string): { text: string; target: string; setter: boolean } {
  const setterAt = inside.indexOf('][');
  const setter = setterAt >= 0;
  const inner = setter ? inside.slice(0, setterAt) : inside;
  const arrow = inner.lastIndexOf('->');
  if (arrow >= 0) {
    return { text: inner.slice(0, arrow).trim(), target: inner.slice(arrow + 2).trim(), setter };
  }
  const back = inner.indexOf('<-');
  if (back >= 0) {
    return { text: inner.slice(back + 2).trim(), target: inner.slice(0, back).trim(), setter };
  }
  const bar = inner.lastIndexOf('|');
  if (bar >= 0) {
    return { text: inner.slice(0, bar).trim(), target: inner.slice(bar + 1).trim(), setter };
  }
  return { text: inner.trim(), target: inner.trim(), setter };
}

/** Characters a link's text may not hold and still read back as the same link. */
const UNSAFE_TEXT = /\]\]|->|<-|\||\]\[|\[\[|\n/;

/** True when `text` can stand as a link's text unchanged. */
export function isLinkSafe(text: string): boolean {
  return !UNSAFE_TEXT.test(text) && text === text.trim() && text.length > 0;
}

/** `text` made fit for a link: the characters that would end or split it become spaces. */
export function linkSafe(text: string): string {
  const clean = text
    .replace(/\]\]|\[\[|->|<-|\||\]\[/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean || 'Continue';
}

/** The link as written: `[[target]]` when the text is the target, else `[[text->target]]`. */
export function writeLink(text: string, target: string): string {
  return text === target ? `[[${target}]]` : `[[${text}->${target}]]`;
}

/** The passage name a scene title gives before it is made unique: the title fit for links and headers. */
export function nameBase(title: string): string {
  return linkSafe(title.replace(/[[\]{}]/g, ' '));
}

/**
 * The scene title a passage name stands for: the title its game data keeps when the name is the
 * one written for it (`Title`, or `Title (id)` when titles repeat), else the name, which the
 * author changed in Twine.
 */
export function titleOf(name: string, kept: unknown, id: string): string {
  if (typeof kept !== 'string') return name;
  const base = nameBase(kept);
  return name === base || name.startsWith(`${base} (${id})`) ? kept : name;
}
