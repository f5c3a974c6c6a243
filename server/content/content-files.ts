import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const CONTENT_DIR = new URL('../../content/', import.meta.url);

const json = z.unknown();
const optionSchema = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  next_scenario_id: z.string().nullable().optional(),
  next_url: z.string().nullable().optional(),
  stats_changes: z.record(z.string(), json).nullable().optional(),
  required_stats: z.record(z.string(), z.number()).nullable().optional(),
  required_items: z.array(z.string()).nullable().optional(),
  button_icon: z.string().nullable().optional(),
});
const sceneSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  html_section: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
  ai_instructions: z.string().nullable().optional(),
  stats_config: z.array(json).nullable().optional(),
  day: z.number().int().nullable().optional(),
  is_end_of_day: z.boolean().default(false),
  is_ending: z.boolean().default(false),
  is_start: z.boolean().default(false),
  options: z.array(optionSchema).default([]),
});
const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  media_type: z.enum(['image', 'video']).default('image'),
  media_url: z.string().nullable().optional(),
  video_embed_code: z.string().nullable().optional(),
  frequency: z.number().int().min(1).default(5),
  is_active: z.boolean().default(true),
  budget_change: z.number().int().default(0),
  knowledge_change: z.number().int().default(0),
  delusion_change: z.number().int().default(0),
  revenue_change: z.number().int().default(0),
  happiness_change: z.number().int().default(0),
  traffic_change: z.number().int().default(0),
  seo_ranking_change: z.number().int().default(0),
});
const adSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  cta_text: z.string().default('Learn More'),
  cta_link: z.string().nullable().optional(),
  active: z.boolean().default(true),
  priority: z.number().int().default(0),
});
const sponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
});
const newsSchema = z.object({
  id: z.string(),
  content: z.string(),
  link: z.string().nullable().optional(),
  active: z.boolean().default(true),
});
const consultantSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable().optional(),
  specialty: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  contact_email: z.string(),
  website_url: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  status: z.string().default('approved'),
});
const pageSchema = z.object({ slug: z.string(), title: z.string(), content: json });

/** The shape of content/: the demo adventure and the world around it. */
export const contentSchema = z.object({
  scenes: z.array(sceneSchema),
  events: z.array(eventSchema),
  advertisements: z.array(adSchema),
  sponsors: z.array(sponsorSchema),
  news: z.array(newsSchema),
  consultants: z.array(consultantSchema),
  settings: z.record(z.string(), json),
  pages: z.array(pageSchema),
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
