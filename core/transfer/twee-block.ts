/**
 * The game data of a passage, kept in its text so Twine, Tweego and extwee carry it untouched:
 * an HTML comment at the end of the passage (every story format hides comments), one entry a line.
 *
 *     <!-- seo-adventure
 *     scene {"id":"d1-robots","day":1,"subtitle":"Morning"}
 *     link "Check robots.txt" {"id":"d1-robots--check","stats_changes":{"knowledge":5}}
 *     option {"id":"d1-robots--docs","text":"Read the docs","next_url":"https://…"}
 *     -->
 *
 * An entry is a word, for a link the link's text as a JSON string, then a JSON value (see
 * safeJson: no entry can end the comment or read as a link).
 */

const BLOCK_OPEN = '<!-- seo-adventure';
const BLOCK_CLOSE = '-->';

/** One entry: its kind (scene, link, option, or a kind of world rows), label and value. */
export interface BlockEntry {
  key: string;
  label: string | null;
  value: unknown;
  /** 1-based line within the passage text. */
  line: number;
}

/**
 * JSON that can neither end the HTML comment nor look like a Twine link: inside strings `<`, `>`,
 * `[` and `]` are written as \u escapes, and nested arrays get a space (`[ [`), so no `-->`,
 * `[[` or `]]` appears.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/"(?:[^"\\]|\\.)*"|\[{2,}|\]{2,}/g, (m) =>
    m.startsWith('"')
      ? m.replace(/[<>[\]]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      : m.split('').join(' '),
  );
}

/** The block's text for these entries (none: ''). */
export function writeBlock(entries: { key: string; label?: string; value: unknown }[]): string {
  if (entries.length === 0) return '';
  const lines = entries.map(
    (e) => `${e.key}${e.label === undefined ? '' : ` ${safeJson(e.label)}`} ${safeJson(e.value)}`,
  );
  return [BLOCK_OPEN, ...lines, BLOCK_CLOSE].join('\n');
}

const ENTRY = /^([A-Za-z][\w-]*)(?:\s+("(?:[^"\\]|\\.)*"))?\s+([[{].*)$/;

/**
 * Splits a passage's text into what players read and its game-data block (the last one, at the
 * end of the text). Entries that cannot be read are returned as errors naming their line.
 */
export function splitBlock(text: string): {
  body: string;
  entries: BlockEntry[] | null;
  errors: { line: number; message: string }[];
} {
  const at = text.lastIndexOf(`\n${BLOCK_OPEN}\n`);
  const start = text.startsWith(`${BLOCK_OPEN}\n`) ? 0 : at >= 0 ? at + 1 : -1;
  if (start < 0 || !text.trimEnd().endsWith(BLOCK_CLOSE)) {
    return { body: text, entries: null, errors: [] };
  }
  const firstLine = text.slice(0, start).split('\n').length;
  const lines = text.trimEnd().slice(start).split('\n').slice(1, -1);
  const entries: BlockEntry[] = [];
  const errors: { line: number; message: string }[] = [];
  lines.forEach((raw, i) => {
    const line = firstLine + 1 + i;
    if (!raw.trim()) return;
    const m = ENTRY.exec(raw.trim());
    if (!m) {
      errors.push({ line, message: `game data line not understood: ${raw.trim().slice(0, 60)}` });
      return;
    }
    try {
      entries.push({
        key: m[1] as string,
        label: m[2] ? (JSON.parse(m[2]) as string) : null,
        value: JSON.parse(m[3] as string),
        line,
      });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ');
      errors.push({ line, message: `the game data of "${m[1]}" is not valid JSON (${reason})` });
    }
  });
  return { body: text.slice(0, start).trimEnd(), entries, errors };
}
