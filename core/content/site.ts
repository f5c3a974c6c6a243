import { z } from 'zod';
import { iso, key, requiredJson } from './columns.ts';

/** One settings row: a key and its JSON value (font_settings, seo_settings, ...). */
export const settingRowSchema = z.object({ key, value: requiredJson, updated_at: iso });
export type SettingRow = z.output<typeof settingRowSchema>;

/** One page row: the home texts and the footer pages, by slug. */
export const pageRowSchema = z.object({
  slug: key,
  title: z.string(),
  content: requiredJson,
  updated_at: iso,
});
export type PageRow = z.output<typeof pageRowSchema>;
