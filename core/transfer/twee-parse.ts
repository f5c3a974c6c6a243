import { errorOffset, TransferError } from './format.ts';
import {
  type ImportWarning,
  numberRepeats,
  type SourcePassage,
  type StorySource,
} from './story-source.ts';

/**
 * Twee 3 (https://github.com/iftechfoundation/twine-specs/blob/master/twee-3-specification.md)
 * split into passages, as Tweego reads it: a UTF-8 byte order mark and text before the first
 * passage header are accepted; a header is `:: Name [tags] {metadata}` with `\` escaping
 * `[ ] { } \` in names and tags; a text line starting with `::` is written `\::`. StoryTitle and
 * StoryData give the story's title and identity. Problems are collected, each naming its line,
 * and thrown together.
 */

const unescapeName = (s: string) => s.replace(/\\(.)/g, '$1');
const unescapeText = (s: string) => s.replace(/^\\(\\*::)/gm, '$1');

/** Where the header's name ends: the first `[` or `{` not escaped. */
function splitHeader(header: string): { name: string; tags: string; meta: string } {
  let i = 0;
  while (i < header.length && header[i] !== '[' && header[i] !== '{') {
    i += header[i] === '\\' ? 2 : 1;
  }
  const name = header.slice(0, i).trim();
  let rest = header.slice(i).trim();
  let tags = '';
  if (rest.startsWith('[')) {
    let j = 1;
    while (j < rest.length && rest[j] !== ']') j += rest[j] === '\\' ? 2 : 1;
    tags = rest.slice(1, j);
    rest = rest.slice(j + 1).trim();
  }
  return { name, tags, meta: rest };
}

/** Splits a tag list on spaces, keeping escaped characters. */
function splitTags(tags: string): string[] {
  return tags
    .split(/(?<!\\)\s+/)
    .filter(Boolean)
    .map(unescapeName);
}

/** The 'x,y' position of a header's metadata (`{"position":"100,200"}`), or null. */
function positionOf(meta: string): string | null {
  try {
    const value = JSON.parse(meta) as { position?: unknown };
    const at = typeof value?.position === 'string' ? value.position.replace(/\s+/g, '') : '';
    return /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(at) ? at : null;
  } catch {
    return null;
  }
}

interface StoryData {
  ifid?: unknown;
  format?: unknown;
  'format-version'?: unknown;
  start?: unknown;
  zoom?: unknown;
  'tag-colors'?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** StoryData's `tag-colors`: tag name to colour name, strings only. */
export function colours(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (e): e is [string, string] =>
        typeof e[1] === 'string' && e[0].length <= 200 && e[1].length <= 50,
    ),
  );
}

/** Reads StoryData's JSON; bad JSON names the line where it breaks. */
function readStoryData(body: string, firstLine: number, errors: string[]): StoryData {
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as StoryData;
    errors.push(`Line ${firstLine}: StoryData must be a JSON object ({ "ifid": … })`);
  } catch (err) {
    const before = body.slice(0, errorOffset(body));
    const line = firstLine + before.split('\n').length - 1;
    const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ');
    errors.push(`Line ${line} (passage "StoryData"): not valid JSON (${reason})`);
  }
  return {};
}

/** Parses Twee 3 text into a story; throws one TransferError listing every problem found. */
export function parseTweeSource(input: string): StorySource {
  const lines = input
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const errors: string[] = [];
  const warnings: ImportWarning[] = [];
  const passages: SourcePassage[] = [];
  let current: SourcePassage | null = null;
  let body: string[] = [];
  const close = () => {
    if (current) {
      current.text = unescapeText(body.join('\n')).replace(/\s+$/, '');
      passages.push(current);
    }
    body = [];
  };
  lines.forEach((raw, i) => {
    if (!raw.startsWith('::')) {
      if (current) body.push(raw);
      return;
    }
    close();
    const line = i + 1;
    const { name: rawName, tags, meta } = splitHeader(raw.slice(2));
    const name = unescapeName(rawName);
    if (!name) errors.push(`Line ${line}: a passage header needs a name (':: Name')`);
    if (meta && !/^\{.*\}$/.test(meta)) {
      warnings.push({ passage: name, line, message: `Text after the name is ignored: ${meta}` });
    }
    current = {
      name: name || `(no name, line ${line})`,
      tags: splitTags(tags),
      text: '',
      line,
      textLine: line + 1,
      position: positionOf(meta),
    };
  });
  close();

  numberRepeats(passages, warnings);
  const story: SourcePassage[] = [];
  let title: string | null = null;
  let data: StoryData = {};
  for (const p of passages) {
    if (p.name === 'StoryTitle') title = p.text.trim() || null;
    else if (p.name === 'StoryData') data = readStoryData(p.text, p.line + 1, errors);
    else story.push(p);
  }
  if (passages.length === 0) {
    errors.push('Line 1: no passages found: a Twee file has passages starting with ":: Name"');
  }
  if (errors.length) throw new TransferError(errors.join('\n'));
  return {
    title,
    ifid: text(data.ifid),
    format: text(data.format),
    formatVersion: text(data['format-version']),
    start: text(data.start),
    script: '',
    stylesheet: '',
    zoom: typeof data.zoom === 'number' && data.zoom > 0 && data.zoom <= 100 ? data.zoom : null,
    tagColors: colours(data['tag-colors']),
    passages: story,
    warnings,
  };
}
