import { decodeEntities } from '../html-entities.ts';
import { TransferError } from './format.ts';
import {
  type ImportWarning,
  numberRepeats,
  type SourcePassage,
  type StorySource,
} from './story-source.ts';
import { colours } from './twee-parse.ts';

/**
 * Twine 2 HTML (https://github.com/iftechfoundation/twine-specs/blob/master/twine-2-htmloutput-spec.md):
 * a published story or a library archive. Only the story's own elements are read, with a small
 * tokenizer: `<tw-storydata>` (name, ifid, format, format-version, startnode), its
 * `<tw-passagedata>` (pid, name, tags) and the user script and stylesheet. Twine escapes the text
 * inside them, so a raw `<` cannot appear there; the story format's own code around them is skipped.
 */

/** The attributes of a start tag's inside (`name="x" hidden`), names lower-cased, values decoded. */
function readAttributes(inside: string): Record<string, string> {
  const out: Record<string, string> = {};
  const attr = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of inside.matchAll(attr)) {
    const name = (m[1] as string).toLowerCase();
    if (!(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/** The line of an offset, from the offsets where lines start (binary search: big files stay fast). */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
const value = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The text of the first element `tag` with `marker` among its attributes, or ''. A script or
 * style element's text is raw (the browser decodes no entities there), so it is read as written.
 */
function userCode(inner: string, tag: 'script' | 'style', marker: RegExp): string {
  const re = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const m of inner.matchAll(re)) {
    if (marker.test(m[1] as string)) return (m[2] as string).trim();
  }
  return '';
}

/**
 * Reads a Twine 2 published story or archive holding one story. A file with no story, or an
 * archive with several, is refused naming what it holds; every problem names its line.
 */
export function parseTwineHtml(html: string): StorySource {
  const text = html.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // A story format's engine code may spell '<tw-storydata' in a string: skip script elements.
  const scripts = [...text.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/gi)].map((m) => [
    m.index ?? 0,
    (m.index ?? 0) + m[0].length,
  ]);
  const inScript = (at: number) =>
    scripts.some(([from, to]) => at > (from as number) && at < (to as number));
  const starts = [...text.matchAll(/<tw-storydata\b([^>]*)>/gi)].filter(
    (m) => !inScript(m.index ?? 0),
  );
  if (starts.length === 0) {
    throw new TransferError(
      'No Twine story in this file: a Twine 2 story (published, or from Library > Archive) holds a <tw-storydata> element',
    );
  }
  if (starts.length > 1) {
    const names = starts.map((m) => `"${readAttributes(m[1] as string).name ?? '?'}"`);
    throw new TransferError(
      `This archive holds ${starts.length} stories (${names.join(', ')}): in Twine, publish or export the one to import`,
    );
  }
  const lineAt = lineIndex(text);
  const open = starts[0] as RegExpMatchArray;
  const story = readAttributes(open[1] as string);
  const begin = (open.index ?? 0) + open[0].length;
  const endAt = text.indexOf('</tw-storydata>', begin);
  const errors: string[] = [];
  if (endAt < 0) {
    errors.push(`Line ${lineAt(open.index ?? 0)}: the <tw-storydata> element is never closed`);
  }
  const inner = text.slice(begin, endAt < 0 ? text.length : endAt);
  const warnings: ImportWarning[] = [];
  const passages: SourcePassage[] = [];
  const byPid = new Map<string, SourcePassage>();
  for (const m of inner.matchAll(/<tw-passagedata\b([^>]*)>([\s\S]*?)<\/tw-passagedata>/gi)) {
    const line = lineAt(begin + (m.index ?? 0));
    const attrs = readAttributes(m[1] as string);
    const name = attrs.name?.trim();
    if (!name) {
      errors.push(`Line ${line}: a <tw-passagedata> element has no name`);
      continue;
    }
    const tags = (attrs.tags ?? '').split(/\s+/).filter(Boolean);
    const textLine = lineAt(begin + (m.index ?? 0) + m[0].indexOf('>') + 1);
    const at = (attrs.position ?? '').replace(/\s+/g, '');
    const passage: SourcePassage = {
      name,
      tags,
      text: decodeEntities(m[2] as string).replace(/\s+$/, ''),
      line,
      textLine,
      position: /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(at) ? at : null,
    };
    if (attrs.pid) byPid.set(attrs.pid, passage);
    passages.push(passage);
  }
  const storyLine = lineAt(open.index ?? 0);
  if (passages.length === 0 && errors.length === 0) {
    errors.push(`Line ${storyLine}: the story "${story.name ?? ''}" has no passages`);
  }
  if (errors.length) throw new TransferError(errors.join('\n'));
  numberRepeats(passages, warnings);

  const script = userCode(inner, 'script', /twine-user-script|text\/twine-javascript/i);
  const stylesheet = userCode(inner, 'style', /twine-user-stylesheet|text\/twine-css/i);
  const tagColors: Record<string, string> = {};
  for (const m of inner.matchAll(/<tw-tag\b([^>]*)>/gi)) {
    const tag = readAttributes(m[1] as string);
    if (tag.name && tag.color) tagColors[tag.name] = tag.color;
  }
  const zoom = Number(story.zoom);
  let start: string | null = null;
  const startnode = value(story.startnode);
  if (startnode) {
    start = byPid.get(startnode)?.name ?? null;
    if (!start) {
      warnings.push({
        passage: null,
        line: storyLine,
        message: `The start passage (startnode ${startnode}) is not in the file.`,
      });
    }
  }
  return {
    title: value(story.name),
    ifid: value(story.ifid),
    format: value(story.format),
    formatVersion: value(story['format-version']),
    start,
    script,
    stylesheet,
    zoom: zoom > 0 && zoom <= 100 ? zoom : null,
    tagColors: colours(tagColors),
    passages,
    warnings,
  };
}
