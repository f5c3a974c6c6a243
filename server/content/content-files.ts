import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { advertisementRowSchema } from '../../core/content/advertisements.ts';
import { consultantRowSchema } from '../../core/content/consultants.ts';
import { newsRowSchema } from '../../core/content/news.ts';
import { randomEventRowSchema } from '../../core/content/random-events.ts';
import { optionRowSchema, sceneRowSchema } from '../../core/content/scenes.ts';
import { pageRowSchema, settingRowSchema } from '../../core/content/site.ts';
import { sponsorRowSchema } from '../../core/content/sponsors.ts';
import { CHANGE_COLUMN_NAMES } from '../../core/game/change-columns.ts';
import { type Bundle, FORMAT_NAME, FORMAT_VERSION } from '../../core/transfer/format.ts';

const CONTENT_DIR = new URL('../../content/', import.meta.url);

/*
 * content/ in its own layout (a scene's options inline, no timestamps, settings as one object),
 * made of the same row schemas as the adventure file: the files are an import bundle written
 * for people, and toBundle() turns them into one.
 */
const stamps = { created_at: true } as const;
/** Columns a file may leave out (null or the column's default when loaded). */
const mayOmit = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };

const optionSchema = optionRowSchema
  .omit({ scenario_id: true, position: true, ...stamps })
  .partial(
    mayOmit(
      'why',
      'next_scenario_id',
      'next_url',
      'stats_changes',
      'required_stats',
      'required_items',
      'special_effects',
      'button_icon',
      ...CHANGE_COLUMN_NAMES,
    ),
  );
const sceneSchema = sceneRowSchema
  .omit({ ...stamps, updated_at: true })
  .partial(
    mayOmit(
      'subtitle',
      'description',
      'image_url',
      'html_section',
      'reference',
      'ai_instructions',
      'stats_config',
      'day',
      'map_x',
      'map_y',
      'tags',
    ),
  )
  .extend({ options: z.array(optionSchema).default([]) });

/** The shape of content/: the demo adventure and the world around it. */
export const contentSchema = z.object({
  scenes: z.array(sceneSchema),
  events: z.array(
    randomEventRowSchema.omit(stamps).partial(mayOmit('media_url', 'video_embed_code')),
  ),
  advertisements: z.array(
    advertisementRowSchema.omit(stamps).partial(mayOmit('description', 'image_url', 'cta_link')),
  ),
  sponsors: z.array(sponsorRowSchema.omit(stamps).partial(mayOmit('url', 'image_url'))),
  news: z.array(newsRowSchema.omit(stamps).partial(mayOmit('link'))),
  consultants: z.array(
    consultantRowSchema
      .omit({ ...stamps, updated_at: true })
      .partial(mayOmit('company', 'specialty', 'bio', 'website_url', 'image_url')),
  ),
  settings: z.record(z.string(), z.unknown()),
  pages: z.array(pageRowSchema.omit({ updated_at: true })),
});
export type Content = z.infer<typeof contentSchema>;
export type ContentScene = z.infer<typeof sceneSchema>;

const FILES = {
  scenes: 'scenes.json',
  events: 'random-events.json',
  advertisements: 'advertisements.json',
  sponsors: 'sponsors.json',
  news: 'news.json',
  consultants: 'consultants.json',
  settings: 'settings.json',
  pages: 'pages.json',
} as const;

/** Reads and validates every content file; a missing file counts as empty, a bad one names the file and field. */
export async function readContent(dir: URL = CONTENT_DIR): Promise<Content> {
  const raw: Record<string, unknown> = {};
  for (const [key, file] of Object.entries(FILES)) {
    try {
      raw[key] = JSON.parse(await readFile(new URL(file, dir), 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') raw[key] = key === 'settings' ? {} : [];
      else throw new Error(`content/${file}: ${(err as Error).message}`);
    }
  }
  const parsed = contentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [key, ...rest] = issue.path;
    throw new Error(
      `content/${FILES[key as keyof typeof FILES]}: ${rest.join('.')}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/**
 * content/ as an adventure file (what Import would take): options get their scene and position,
 * every row the time `at`, except news, spaced a second apart so the file's order (newest first)
 * is the list's. Consultants are not part of the file; see loadContent.
 */
export function toBundle(content: Content, at: Date): Bundle {
  const now = at.toISOString();
  return {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    scenes: content.scenes.map(({ options, ...s }) =>
      sceneRowSchema.parse({ ...s, created_at: now, updated_at: now }),
    ),
    options: content.scenes.flatMap((s) =>
      s.options.map((o, position) =>
        optionRowSchema.parse({
          ...o,
          stats_changes: o.stats_changes ?? {},
          scenario_id: s.id,
          position,
          created_at: now,
        }),
      ),
    ),
    randomEvents: content.events.map((e) => randomEventRowSchema.parse({ ...e, created_at: now })),
    advertisements: content.advertisements.map((a) =>
      advertisementRowSchema.parse({ ...a, created_at: now }),
    ),
    sponsors: content.sponsors.map((s) => sponsorRowSchema.parse({ ...s, created_at: now })),
    news: content.news.map((n, i) =>
      newsRowSchema.parse({ ...n, created_at: new Date(at.getTime() - i * 1000).toISOString() }),
    ),
    settings: Object.entries(content.settings).map(([key, value]) =>
      settingRowSchema.parse({ key, value, updated_at: now }),
    ),
    pages: content.pages.map((p) => pageRowSchema.parse({ ...p, updated_at: now })),
  };
}
