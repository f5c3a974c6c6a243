import { z } from 'zod';
import { comparable } from './comparable.ts';

/**
 * What a Twine story holds besides its scenes, kept so its Twine exports come back whole
 * (docs/twine.md "What an export keeps"): the story JavaScript and stylesheet, the passages that
 * are story code (special passages, widgets, startup, headers), tag colours and zoom, and each
 * scene passage's own text as Twine had it, with a print of what the import made of it. An export
 * writes a scene's own text back (links where they stood, macros and all) while the scene still
 * prints the same; a scene edited here is written from its description and options.
 */

const MAX_CODE = 5_000_000;

/** A passage that is story code, not a scene: written back to Twine as it was. */
const keptPassageSchema = z.object({
  name: z.string().min(1).max(1000),
  tags: z.array(z.string().max(200)).max(100),
  position: z.string().max(50).nullable(),
  text: z.string().max(MAX_CODE),
});
export type KeptPassage = z.output<typeof keptPassageSchema>;

/** A scene passage's own text (without game data) and the print of the scene it became. */
const keptSourceSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(1000),
  tags: z.array(z.string().max(200)).max(100),
  text: z.string().max(MAX_CODE),
  print: z.string().max(100),
  /** The print of the whole rows (every field): unchanged, the text is written bare. */
  rows: z.string().max(100).default(''),
});
export type KeptSource = z.output<typeof keptSourceSchema>;

export const storyCodeSchema = z.object({
  script: z.string().max(MAX_CODE).default(''),
  stylesheet: z.string().max(MAX_CODE).default(''),
  zoom: z.number().positive().max(100).nullable().default(null),
  tagColors: z.record(z.string().max(200), z.string().max(50)).default({}),
  passages: z.array(keptPassageSchema).max(100_000).default([]),
  sources: z.array(keptSourceSchema).max(100_000).default([]),
});
export type StoryCode = z.output<typeof storyCodeSchema>;

/** True when a story keeps nothing besides its scenes (then nothing is stored). */
export function isEmptyCode(code: StoryCode | null | undefined): boolean {
  return (
    !code ||
    (!code.script &&
      !code.stylesheet &&
      code.zoom === null &&
      !Object.keys(code.tagColors).length &&
      !code.passages.length &&
      !code.sources.length)
  );
}

/** FNV-1a, twice with different seeds: a short print that changes when the text changes. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

interface PrintedScene {
  title: string;
  description: string | null;
  tags: string[] | null;
  is_start: boolean;
  is_ending: boolean;
  is_end_of_day: boolean;
}
interface PrintedOption {
  text: string;
  position: number;
  next_scenario_id: string | null;
  next_url?: string | null;
}

/**
 * The print of a scene as Twine would write it: title, text, tags and flags, and each option's
 * text and where it goes (by passage name: a scene renamed breaks links written with its name).
 */
export function scenePrint(
  scene: PrintedScene,
  options: PrintedOption[],
  nameOf: (id: string) => string,
): string {
  const ways = [...options]
    .sort((x, y) => x.position - y.position)
    .map((o) => [o.text, o.next_scenario_id ? nameOf(o.next_scenario_id) : (o.next_url ?? null)]);
  return hash(
    JSON.stringify([
      scene.title,
      scene.description ?? '',
      scene.tags ?? [],
      scene.is_start,
      scene.is_ending,
      scene.is_end_of_day,
      ways,
    ]),
  );
}

/**
 * The print of a scene's whole rows, every field but timestamps: while it holds, the passage's own
 * text, read again, gives these very rows, so the export writes the text bare (no game data).
 */
export function rowsPrint(
  scene: Record<string, unknown>,
  options: Record<string, unknown>[],
): string {
  const mine = options.map((o) => comparable(o)).sort();
  return hash(JSON.stringify([comparable(scene), mine]));
}

/** The story formats an export names when the file named none, by family. */
export const FORMAT_DEFAULTS = {
  harlowe: { name: 'Harlowe', version: '3.3.9' },
  sugarcube: { name: 'SugarCube', version: '2.37.3' },
  snowman: { name: 'Snowman', version: '2.1.1' },
  chapbook: { name: 'Chapbook', version: '2.3.0' },
} as const;
export type FormatFamily = keyof typeof FORMAT_DEFAULTS;

const SUGARCUBE_NAMES =
  /^(StoryInit|StoryCaption|StoryMenu|PassageReady|PassageDone|StoryInterface)$/;

/**
 * The story format a story's markup is written for, when the file names none: SugarCube
 * `<<macro>>` and special passages, Harlowe `(macro:)` and startup tags, Snowman `<% %>`,
 * Chapbook inserts, modifiers and vars sections. Null when the passages hold only `[[…]]` links
 * (any format plays them). The family with the most signs wins.
 */
export function guessFormat(
  passages: { name: string; tags: string[]; text: string }[],
): FormatFamily | null {
  const score: Record<FormatFamily, number> = { harlowe: 0, sugarcube: 0, snowman: 0, chapbook: 0 };
  for (const p of passages) {
    if (p.tags.includes('script') || p.tags.includes('stylesheet')) continue;
    const t = p.text;
    score.sugarcube += (t.match(/<<\/?[A-Za-z][\w-]*/g) ?? []).length;
    score.harlowe += (
      t.match(
        /\((?:set|put|if|unless|else-?if|else|link|link-goto|go-?to|display|print|either|history|visited|text-colou?r|click|replace|append|prepend|live|stop|array|a|dm|datamap|ds|dataset|nth|cond|for|loop|macro|output|button|transition|t8n):/gi,
      ) ?? []
    ).length;
    score.snowman += (t.match(/<%[\s\S]*?%>/g) ?? []).length;
    score.chapbook +=
      (
        t.match(
          /\{(?:link to|back link|restart link|reveal link|embed passage|cycling link|dropdown menu|text input)\b/gi,
        ) ?? []
      ).length +
      (
        t.match(
          /^\[(?:if|unless|else|after|continue|align|note|javascript|css)\b[^\]\n]*\]\s*$/gim,
        ) ?? []
      ).length +
      (/^(?:[\w.]+(?:\s*\([^)]*\))?\s*:.*\n)+--\s*$/m.test(t) ? 1 : 0);
    if (SUGARCUBE_NAMES.test(p.name) || p.tags.includes('widget')) score.sugarcube += 5;
    if (
      p.tags.some((tag) =>
        /^(startup|header|footer|debug-startup|debug-header|debug-footer)$/.test(tag),
      )
    ) {
      score.harlowe += 5;
    }
  }
  const best = (Object.entries(score) as [FormatFamily, number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : null;
}
