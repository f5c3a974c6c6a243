import type { z } from 'zod';
import { fontSettingsSchema } from '../api/admin-world.ts';
import {
  FOOTER_PAGE_SLUGS,
  footerPageContentSchema,
  homeContentSchema,
  seoSettingsSchema,
} from '../api/admin-world-site.ts';
import type { PageRow, SettingRow } from '../content/site.ts';
import { pathText, TransferError } from './transfer-error.ts';

/**
 * The settings an adventure file may carry, each checked by the schema the admin API saves it
 * with (docs/security.md): custom scripts only in seo_settings, as the SEO page allows them. The
 * load marker and the story's Twine identity are written by the server itself. A feature that
 * adds a setting an export should carry adds its key and admin schema here.
 */
const SETTING_SCHEMAS: Record<string, z.ZodType | null> = {
  seo_settings: seoSettingsSchema,
  font_settings: fontSettingsSchema,
  content_loaded: null,
  twine_story: null,
};

/** The pages an adventure file may carry, with the admin API's content schema of each. */
const PAGE_SCHEMAS: Record<string, z.ZodType> = {
  home: homeContentSchema,
  ...Object.fromEntries(FOOTER_PAGE_SLUGS.map((slug) => [slug, footerPageContentSchema])),
};

function checked(schema: z.ZodType, value: unknown, at: string): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `.${pathText(issue.path)}` : '';
  throw new TransferError(`${at}${where}: ${issue?.message ?? 'is not valid'}`);
}

/** The file's settings with each value as the admin API would store it; unknown keys refused. */
export function checkSettings(rows: SettingRow[]): SettingRow[] {
  return rows.map((row, i) => {
    if (!Object.hasOwn(SETTING_SCHEMAS, row.key)) {
      throw new TransferError(`settings[${i}].key: "${row.key}" is not a setting this site has`);
    }
    const schema = SETTING_SCHEMAS[row.key];
    return schema
      ? { ...row, value: checked(schema, row.value, `settings[${i}].value`) as object }
      : row;
  });
}

/** The file's pages with their content as the admin API would store it; unknown slugs refused. */
export function checkPages(rows: PageRow[]): PageRow[] {
  return rows.map((row, i) => {
    const schema = Object.hasOwn(PAGE_SCHEMAS, row.slug) ? PAGE_SCHEMAS[row.slug] : undefined;
    if (!schema) {
      throw new TransferError(`pages[${i}].slug: "${row.slug}" is not a page this site has`);
    }
    if (row.title.length > 120) {
      throw new TransferError(`pages[${i}].title: Title must be at most 120 characters`);
    }
    return { ...row, content: checked(schema, row.content, `pages[${i}].content`) as object };
  });
}
