import { z } from 'zod';
import { DEFAULT_AD_CTA } from '../game/cadence.ts';

/*
 * API contracts of the admin 'world' pages (spec §2/§3/§5): random events, fonts, sponsors,
 * news, advertisements. Consultants, pages and SEO live in admin-world-site.ts. The same schemas
 * validate the forms in the browser and the bodies on the server, so a message the server sends
 * is the message the form shows.
 */

/** A trimmed optional text: blank, null or missing all become null. */
export const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message ?? `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** True for an absolute http(s) URL. */
export function isHttpUrl(v: string): boolean {
  if (!/^https?:\/\//i.test(v)) return false;
  return URL.canParse(v);
}

/** True for an image reference the app can show: an http(s) URL or a path on this site. */
export function isImageRef(v: string): boolean {
  return isHttpUrl(v) || /^\/(?!\/)[^\s]*$/.test(v);
}

/** An optional image reference (an uploaded /uploads/... path or an http(s) URL). */
export const optionalImageRef = (label = 'Image URL') =>
  optionalText(2000).refine(
    (v) => v === null || isImageRef(v),
    `${label} must start with http://, https:// or /`,
  );

/** parseInt semantics of spec §5: '12abc' is 12, anything non-numeric is `fallback`. */
export function toInteger(v: unknown, fallback: number): number {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : fallback;
  if (typeof v !== 'string') return fallback;
  const n = Number.parseInt(v.trim(), 10);
  return Number.isNaN(n) ? fallback : n;
}

/** A number field that forms may send as text: parsed like parseInt, non-numeric → fallback. */
export const integerInput = (fallback: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => Math.max(-1_000_000, Math.min(1_000_000, toInteger(v, fallback))));

// ---------------------------------------------------------------- random events

/** The seven integer change fields of a random event, in the order of spec §3. */
export const EVENT_CHANGE_FIELDS = [
  'budgetChange',
  'knowledgeChange',
  'delusionChange',
  'revenueChange',
  'happinessChange',
  'trafficChange',
  'seoRankingChange',
] as const;
export type EventChangeField = (typeof EVENT_CHANGE_FIELDS)[number];

/** How the admin table and form name each change (the stat label map of spec §3). */
export const EVENT_CHANGE_LABELS: Record<EventChangeField, string> = {
  budgetChange: 'Budget',
  knowledgeChange: 'Knowledge',
  delusionChange: 'Delusion',
  revenueChange: 'Revenue',
  happinessChange: 'Happiness',
  trafficChange: 'Traffic',
  seoRankingChange: 'SEO Ranking',
};

/** Spec §9: the admin's default frequency of a new random event. */
export const DEFAULT_EVENT_FREQUENCY = 5;

const changeFields = Object.fromEntries(EVENT_CHANGE_FIELDS.map((f) => [f, integerInput(0)])) as {
  [K in EventChangeField]: ReturnType<typeof integerInput>;
};

/** Body of POST/PUT /api/admin/random-events (spec §5 'Random event'). */
export const randomEventInputSchema = z.object({
  title: z
    .string({ error: 'Title and description are required' })
    .trim()
    .min(1, 'Title and description are required')
    .max(200, 'Title must be at most 200 characters'),
  description: z
    .string({ error: 'Title and description are required' })
    .trim()
    .min(1, 'Title and description are required')
    .max(5000, 'Description must be at most 5000 characters'),
  mediaType: z.enum(['image', 'video']).default('image'),
  mediaUrl: optionalImageRef('Media URL'),
  videoEmbedCode: optionalText(5000),
  frequency: integerInput(DEFAULT_EVENT_FREQUENCY).pipe(
    z.number().min(1, 'Frequency must be at least 1'),
  ),
  isActive: z.boolean().default(true),
  ...changeFields,
});
export type RandomEventInput = z.input<typeof randomEventInputSchema>;

/** A random event as the admin API returns it. */
export const randomEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  videoEmbedCode: z.string().nullable(),
  frequency: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  budgetChange: z.number(),
  knowledgeChange: z.number(),
  delusionChange: z.number(),
  revenueChange: z.number(),
  happinessChange: z.number(),
  trafficChange: z.number(),
  seoRankingChange: z.number(),
});
export type RandomEvent = z.infer<typeof randomEventSchema>;

/** The table's 'Stat Changes' column: non-zero changes only, as '+n Label' / '-n Label'. */
export function formatEventChanges(event: Record<EventChangeField, number>): string[] {
  return EVENT_CHANGE_FIELDS.filter((f) => event[f] !== 0).map(
    (f) => `${event[f] > 0 ? '+' : ''}${event[f]} ${EVENT_CHANGE_LABELS[f]}`,
  );
}

// ---------------------------------------------------------------- fonts

/** The seven font families of spec §3, by the value stored in font_settings. */
export const FONT_FAMILY_KEYS = [
  'Verdana',
  'Arial',
  'Times New Roman',
  'Georgia',
  'Courier New',
  'VT323',
  'sans-serif',
] as const;

/** The parts of a game screen an admin sets a font for (spec §3 key font_settings). */
export const FONT_SETTING_TARGETS = ['title', 'subtitle', 'content', 'choices'] as const;

const FONT_SIZE = /^(xs|sm|base|lg|[2-7]?xl|\d+(\.\d+)?(px|rem|em|%|pt|vw|vh))$/;

const fontSettingSchema = z.object({
  fontSize: z
    .string()
    .trim()
    .regex(FONT_SIZE, 'Font size must be a size name (xs to 7xl) or a length such as 1.5rem'),
  fontFamily: z.enum(FONT_FAMILY_KEYS, 'Choose one of the listed font families'),
});

/** Settings key font_settings: title, subtitle, content, choices (spec §3). */
export const fontSettingsSchema = z.object({
  title: fontSettingSchema,
  subtitle: fontSettingSchema,
  content: fontSettingSchema,
  choices: fontSettingSchema,
});
export type FontSettingsValue = z.infer<typeof fontSettingsSchema>;

/** Spec §9 defaults, restored by 'Reset to Defaults'. */
export const FONT_SETTINGS_DEFAULTS: FontSettingsValue = {
  title: { fontSize: '5xl', fontFamily: 'sans-serif' },
  subtitle: { fontSize: 'xl', fontFamily: 'sans-serif' },
  content: { fontSize: 'base', fontFamily: 'Verdana' },
  choices: { fontSize: 'lg', fontFamily: 'Verdana' },
};

// ---------------------------------------------------------------- sponsors

/** Body of POST/PUT /api/admin/sponsors (spec §5 'Sponsor'). */
export const sponsorInputSchema = z.object({
  name: z
    .string({ error: 'Name and URL are required' })
    .trim()
    .min(1, 'Name and URL are required')
    .max(200, 'Name must be at most 200 characters'),
  url: z
    .string({ error: 'Name and URL are required' })
    .trim()
    .min(1, 'Name and URL are required')
    .max(2000, 'URL must be at most 2000 characters')
    .refine((v) => v === '' || isHttpUrl(v), 'URL must start with http:// or https://'),
  imageUrl: optionalImageRef('Logo URL'),
});
export type SponsorInput = z.input<typeof sponsorInputSchema>;

export const sponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SponsorView = z.infer<typeof sponsorSchema>;

/** Spec §9: sponsor URLs are shown cut to 30 characters, news links to 25, plus '...'. */
export function shortenUrl(url: string, max: number): string {
  return url.length > max ? `${url.slice(0, max)}...` : url;
}

// ---------------------------------------------------------------- news

/** Body of POST/PUT /api/admin/news (spec §5 'News'): trimmed content, blank link → null. */
export const newsInputSchema = z.object({
  content: z
    .string({ error: 'News content cannot be empty' })
    .trim()
    .min(1, 'News content cannot be empty')
    .max(500, 'News content must be at most 500 characters'),
  link: optionalText(2000).refine(
    (v) => v === null || isImageRef(v),
    'Link must start with http://, https:// or /',
  ),
});
export type NewsInput = z.input<typeof newsInputSchema>;

export const newsItemSchema = z.object({
  id: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type NewsItemView = z.infer<typeof newsItemSchema>;

/** Body of PATCH /api/admin/news/:id/active and /random-events/:id/active. */
export const activeInputSchema = z.object({ active: z.boolean() });

// ---------------------------------------------------------------- advertisements

/** Body of POST/PUT /api/admin/advertisements (spec §3 'Advertisement'). */
export const advertisementInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  description: optionalText(2000),
  imageUrl: optionalImageRef(),
  ctaText: optionalText(60).transform((v) => v ?? DEFAULT_AD_CTA),
  ctaLink: optionalText(2000).refine(
    (v) => v === null || isHttpUrl(v),
    'CTA link must start with http:// or https://',
  ),
  active: z.boolean().default(true),
  priority: integerInput(0),
});
export type AdvertisementInput = z.input<typeof advertisementInputSchema>;

export const advertisementSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  ctaText: z.string(),
  ctaLink: z.string().nullable(),
  active: z.boolean(),
  priority: z.number(),
});
export type AdvertisementView = z.infer<typeof advertisementSchema>;

/** `{ id }` path parameter of the admin routes. */
export const idParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** `{ ok: true }` answer of a delete. */
export const okSchema = z.object({ ok: z.literal(true) });
