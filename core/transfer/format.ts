import { z } from 'zod';
import { optionalHttpUrl, optionalImageRef, optionalLink } from '../api/admin-world.ts';
import { advertisementRowSchema as adRow } from '../content/advertisements.ts';
import { newsRowSchema as newsRow } from '../content/news.ts';
import { randomEventRowSchema as eventRow } from '../content/random-events.ts';
import { optionRowSchema as optionRow, sceneRowSchema as sceneRow } from '../content/scenes.ts';
import { pageRowSchema, settingRowSchema } from '../content/site.ts';
import { sponsorRowSchema as sponsorRow } from '../content/sponsors.ts';
import { jsonErrorOffset } from './json-error.ts';
import { checkPages, checkSettings } from './site-rows.ts';
import { storyCodeSchema } from './story-code.ts';
import { pathText, TransferError } from './transfer-error.ts';

export { pathText, TransferError };

/**
 * The adventure file ('Import / export'): every scene, option, random event, ad, sponsor,
 * news item, setting and page, plus the uploaded images they use. Each row is its kind's row
 * schema of core/content/ (the same the admin API and the demo content use): the table's column
 * names; booleans are true/false, JSON columns are JSON values, timestamps ISO strings. Never
 * users, sessions, players, the choice log or consultant applications (personal data).
 */
export const FORMAT_NAME = 'seo-adventure';
export const FORMAT_VERSION = 1;

// An imported file is outside input: its URLs and image paths pass the same checks as the admin
// API's (no javascript: or other schemes, images only http(s) or our own /uploads/...).
const sceneRowSchema = sceneRow.extend({ image_url: optionalImageRef('Image URL') });
const optionRowSchema = optionRow.extend({ next_url: optionalHttpUrl('Option URL') });
const randomEventRowSchema = eventRow.extend({ media_url: optionalImageRef('Media URL') });
const advertisementRowSchema = adRow.extend({
  image_url: optionalImageRef('Image URL'),
  cta_link: optionalHttpUrl('CTA link'),
});
const sponsorRowSchema = sponsorRow.extend({
  url: optionalHttpUrl('URL'),
  image_url: optionalImageRef('Logo URL'),
});
const newsRowSchema = newsRow.extend({ link: optionalLink('Link') });

/** An uploaded image: its bytes in base64, checked against the hash on import. */
const fileRowSchema = z.object({
  hash: z.string().regex(/^[a-f0-9]{64}$/, 'must be a SHA-256 hex hash'),
  ext: z.enum(['png', 'jpg', 'jpeg', 'webp', 'gif', 'avif']),
  mime: z.string().regex(/^image\//, 'must be an image type'),
  bucket: z.string().min(1),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  data: z.string().min(1, 'must hold the image bytes in base64'),
});

/** Every kind of row the file carries: its table, key column, row schema and JSON-text columns, in apply order. */
export const KINDS = {
  scenes: {
    table: 'scenarios',
    key: 'id',
    schema: sceneRowSchema,
    json: ['stats_config', 'tags'],
  },
  options: {
    table: 'scenario_choices',
    key: 'id',
    schema: optionRowSchema,
    json: ['stats_changes', 'required_stats', 'required_items', 'special_effects'],
  },
  randomEvents: { table: 'random_events', key: 'id', schema: randomEventRowSchema, json: [] },
  advertisements: { table: 'advertisements', key: 'id', schema: advertisementRowSchema, json: [] },
  sponsors: { table: 'sponsors', key: 'id', schema: sponsorRowSchema, json: [] },
  news: { table: 'news_items', key: 'id', schema: newsRowSchema, json: [] },
  settings: { table: 'settings', key: 'key', schema: settingRowSchema, json: ['value'] },
  pages: { table: 'pages', key: 'slug', schema: pageRowSchema, json: ['content'] },
} as const;
export type Kind = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as Kind[];
export const KIND_LABELS: Record<Kind, string> = {
  scenes: 'Scenes',
  options: 'Options',
  randomEvents: 'Random events',
  advertisements: 'Advertisements',
  sponsors: 'Sponsors',
  news: 'News items',
  settings: 'Settings',
  pages: 'Pages',
};

export type Row<K extends Kind> = z.output<(typeof KINDS)[K]['schema']>;
export type FileRow = z.output<typeof fileRowSchema>;

const nullName = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || null);
/** The story's identity in Twine, kept so an export of an imported story keeps it. */
const storyIdentitySchema = z.object({
  ifid: nullName,
  title: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => v || null),
  format: nullName,
  formatVersion: nullName,
  /** Story code and each passage's own text, for the Twine exports (core/transfer/story-code.ts). */
  code: storyCodeSchema.nullish(),
});

/** The whole file; kinds left out of an import file are left as they are. */
const bundleSchema = z.object({
  format: z.literal(FORMAT_NAME, { message: `must be "${FORMAT_NAME}"` }),
  version: z.literal(FORMAT_VERSION, { message: `must be ${FORMAT_VERSION}` }),
  exportedAt: z.string().optional(),
  scenes: z.array(sceneRowSchema).optional(),
  options: z.array(optionRowSchema).optional(),
  randomEvents: z.array(randomEventRowSchema).optional(),
  advertisements: z.array(advertisementRowSchema).optional(),
  sponsors: z.array(sponsorRowSchema).optional(),
  news: z.array(newsRowSchema).optional(),
  settings: z.array(settingRowSchema).optional(),
  pages: z.array(pageRowSchema).optional(),
  files: z.array(fileRowSchema).optional(),
  story: storyIdentitySchema.optional(),
});
export type Bundle = z.output<typeof bundleSchema>;

/** How deep an import file may nest arrays and objects (real files stay under 10). */
const MAX_FILE_DEPTH = 64;

/**
 * The path of the first value nested deeper than MAX_FILE_DEPTH, or undefined. Walks with its own
 * stack, so a hostile nesting cannot overflow the call stack (schema checks recurse).
 */
function tooDeep(value: unknown): string | undefined {
  const stack: [unknown, PropertyKey[]][] = [[value, []]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_FILE_DEPTH) return pathText(path.slice(0, 3));
    for (const [k, child] of Object.entries(item)) {
      stack.push([child, [...path, Array.isArray(item) ? Number(k) : k]]);
    }
  }
  return undefined;
}

/**
 * Checks a parsed file: the schema, duplicate keys, options of scenes the file lacks, more than
 * one start scene. Throws TransferError naming the field, e.g. `scenes[3].title: a scene needs a title`.
 */
export function validateBundle(input: unknown): Bundle {
  const deep = tooDeep(input);
  if (deep) throw new TransferError(`${deep}: values nest deeper than ${MAX_FILE_DEPTH} levels`);
  const parsed = bundleSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${pathText(i.path)}: ${i.message}`);
    const more =
      parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : '';
    throw new TransferError(`${issues.join('; ')}${more}`);
  }
  const bundle = parsed.data;
  if (bundle.settings) bundle.settings = checkSettings(bundle.settings);
  if (bundle.pages) bundle.pages = checkPages(bundle.pages);
  for (const kind of KIND_NAMES) {
    const rows = (bundle[kind] ?? []) as Record<string, unknown>[];
    const key = KINDS[kind].key;
    const seen = new Map<unknown, number>();
    rows.forEach((row, i) => {
      const first = seen.get(row[key]);
      if (first !== undefined) {
        throw new TransferError(
          `${kind}[${i}].${key}: "${String(row[key])}" is also ${kind}[${first}]`,
        );
      }
      seen.set(row[key], i);
    });
  }
  if (bundle.options) {
    const scenes = new Set(bundle.scenes?.map((s) => s.id));
    bundle.options.forEach((o, i) => {
      if (bundle.scenes && !scenes.has(o.scenario_id)) {
        throw new TransferError(
          `options[${i}].scenario_id: no scene "${o.scenario_id}" in the file`,
        );
      }
    });
  }
  const starts = (bundle.scenes ?? []).filter((s) => s.is_start);
  if (starts.length > 1) {
    throw new TransferError(
      `scenes: only one scene may be the start scene, found ${starts.map((s) => `"${s.id}"`).join(', ')}`,
    );
  }
  return bundle;
}

/** Where invalid JSON goes wrong (see json-error.ts); text.length when it only ends too early. */
export const errorOffset = jsonErrorOffset;

/** Parses the text of a JSON adventure file; bad JSON names the line and column. */
export function parseBundleJson(text: string): Bundle {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = errorOffset(text);
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    throw new TransferError(`Line ${line}, column ${column}: not valid JSON (${message})`);
  }
  return validateBundle(value);
}
