import type { StoryCode } from './story-code.ts';

/**
 * A Twine story as read from a file (Twee 3 or Twine 2 HTML), before it becomes an adventure:
 * its identity, its start passage and its passages, each with the line it starts on.
 */

/** One passage: its name, tags and text, and the line of the file it starts on. */
export interface SourcePassage {
  name: string;
  tags: string[];
  text: string;
  /** The line of the file the passage starts on (its header or element). */
  line: number;
  /** The line of the file its text starts on. */
  textLine: number;
  /** Where Twine shows its box ('x,y'), when the file says. */
  position?: string | null;
}

/** The story's identity in Twine (IFID, title, story format), kept so an export keeps it. */
export interface StoryIdentity {
  ifid: string | null;
  title: string | null;
  format: string | null;
  formatVersion: string | null;
  /** Story code and the passages' own texts (story-code.ts), when the story came from Twine. */
  code?: StoryCode | null;
}

/** Something of the file that will not carry over, or was guessed: per passage when it has one. */
export interface ImportWarning {
  passage: string | null;
  line: number | null;
  message: string;
}

/** A parsed story file: passages other than StoryTitle / StoryData, and what the file said of itself. */
export interface StorySource {
  title: string | null;
  ifid: string | null;
  format: string | null;
  formatVersion: string | null;
  /** The start passage's name, as the file names it (may name no passage). */
  start: string | null;
  /** A Twine 2 HTML file's story JavaScript and stylesheet elements ('' when none). */
  script: string;
  stylesheet: string;
  /** Twine's zoom and tag colours (StoryData's `zoom` / `tag-colors`, HTML `zoom` / `<tw-tag>`). */
  zoom: number | null;
  tagColors: Record<string, string>;
  passages: SourcePassage[];
  warnings: ImportWarning[];
}

/**
 * Passage names made unique: a name used again gets ' (2)', ' (3)'… and a warning naming the
 * line of the first (links to the name go to the first passage).
 */
export function numberRepeats(passages: SourcePassage[], warnings: ImportWarning[]): void {
  const seen = new Map<string, number>();
  const names = new Set(passages.map((p) => p.name));
  for (const p of passages) {
    const first = seen.get(p.name);
    if (first === undefined) {
      seen.set(p.name, p.line);
      continue;
    }
    let n = 2;
    while (names.has(`${p.name} (${n})`)) n++;
    const name = `${p.name} (${n})`;
    warnings.push({
      passage: name,
      line: p.line,
      message: `Passage name "${p.name}" is also on line ${first}: this one is imported as "${name}"; links to "${p.name}" go to the first.`,
    });
    names.add(name);
    p.name = name;
  }
}

/** 'Line 12 (passage "Front Room")': where a problem is, for messages. */
export function where(line: number | null, passage: string | null, extra?: string): string {
  const inside = [passage === null ? null : `passage "${passage}"`, extra].filter(Boolean);
  const at = line === null ? '' : `Line ${line}`;
  if (!inside.length) return at || 'The file';
  return at ? `${at} (${inside.join(', ')})` : inside.join(', ');
}
