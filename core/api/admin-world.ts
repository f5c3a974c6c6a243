import { z } from 'zod';
import { errorFields } from './errors.ts';
import { isHttpUrl, isSitePath, UPLOAD_PATH } from './form-rules.ts';
import { fontSlotsSchema } from './play.ts';

/** The URL and path rules live in form-rules.ts (no zod there, for the player's forms). */
export { isHttpUrl, isSitePath, UPLOAD_PATH };

/*
 * API contracts shared by the admin 'world' pages (product rules "Screens"/"Content"/"Validation") and the form fields they use.
 * Each world collection (random events, ads, sponsors, news) has its own file in core/content/;
 * consultants, pages and SEO live in admin-world-site.ts. The same schemas
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

/**
 * A required trimmed text: blank or missing gives `required` (default '<label> is required'),
 * longer than `max` gives '<label> must be at most <max> characters'.
 */
export const requiredText = (label: string, max: number, required = `${label} is required`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);

/** True for an image reference the app can show: an http(s) URL or one of our own uploads. */
export function isImageRef(v: string): boolean {
  return isHttpUrl(v) || UPLOAD_PATH.test(v);
}

/** An optional image reference (an uploaded /uploads/... path or an http(s) URL). */
export const optionalImageRef = (label = 'Image URL') =>
  optionalText(2000).refine(
    (v) => v === null || isImageRef(v),
    `${label} must start with http:// or https://, or be an uploaded image`,
  );

/** An optional link: an http(s) URL or a path on this site; never javascript: or another scheme. */
export const optionalLink = (label: string, max = 2000) =>
  optionalText(max).refine(
    (v) => v === null || isHttpUrl(v) || isSitePath(v),
    `${label} must start with http://, https:// or /`,
  );

/** An optional http(s) URL. */
export const optionalHttpUrl = (label: string, max = 2000) =>
  optionalText(max).refine(
    (v) => v === null || isHttpUrl(v),
    `${label} must start with http:// or https://`,
  );

/** parseInt semantics of product rules "Validation": '12abc' is 12, anything non-numeric is `fallback`. */
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

// ---------------------------------------------------------------- fonts

/** The seven font families of product rules "Content", by the value stored in font_settings. */
const FONT_FAMILY_KEYS = [
  'Verdana',
  'Arial',
  'Times New Roman',
  'Georgia',
  'Courier New',
  'VT323',
  'sans-serif',
] as const;

/** The parts of a game screen an admin sets a font for (product rules "Content" key font_settings). */
export const FONT_SETTING_TARGETS = ['title', 'subtitle', 'content', 'choices'] as const;

const FONT_SIZE = /^(xs|sm|base|lg|[2-7]?xl|\d+(\.\d+)?(px|rem|em|%|pt|vw|vh))$/;

const fontSettingSchema = z.object({
  fontSize: z
    .string()
    .trim()
    .regex(FONT_SIZE, 'Font size must be a size name (xs to 7xl) or a length such as 1.5rem'),
  fontFamily: z.enum(FONT_FAMILY_KEYS, 'Choose one of the listed font families'),
});

/** Settings key font_settings: title, subtitle, content, choices (product rules "Content"). */
export const fontSettingsSchema = fontSlotsSchema(fontSettingSchema);
export type FontSettingsValue = z.infer<typeof fontSettingsSchema>;

/** Product rules "Limits" defaults, restored by 'Reset to Defaults'. */
export const FONT_SETTINGS_DEFAULTS: FontSettingsValue = {
  title: { fontSize: '5xl', fontFamily: 'sans-serif' },
  subtitle: { fontSize: 'xl', fontFamily: 'sans-serif' },
  content: { fontSize: 'base', fontFamily: 'Verdana' },
  choices: { fontSize: 'lg', fontFamily: 'Verdana' },
};

// ---------------------------------------------------------------- sponsors

/** Product rules "Limits": sponsor URLs are shown cut to 30 characters, news links to 25, plus '...'. */
export function shortenUrl(url: string, max: number): string {
  return url.length > max ? `${url.slice(0, max)}...` : url;
}

// ---------------------------------------------------------------- news

/** Body of PATCH /api/admin/news/:id/active and /random-events/:id/active. */
export const activeInputSchema = z.object({ active: z.boolean() });

/** `{ id }` path parameter of the admin routes. */
export const idParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** An error answer of the API (the server's one error handler writes it). */
export const errorResponseSchema = z.object(errorFields);

/** `{ ok: true }` answer of a delete. */
export const okSchema = z.object({ ok: z.literal(true) });
