import type { Kysely } from 'kysely';
import {
  FONT_SETTINGS_DEFAULTS,
  type FontSettingsValue,
  fontSettingsSchema,
} from '../../core/api/admin-world.ts';
import {
  EMPTY_SEO_SETTINGS,
  FOOTER_PAGE_TITLES,
  type FooterPageContent,
  type FooterPageSlug,
  type HomeContentValue,
  type PageResponse,
  type PageSlug,
  type SeoSettingsValue,
} from '../../core/api/admin-world-site.ts';
import { getPage, upsertPage } from '../db/repositories/pages.ts';
import { getSetting } from '../db/repositories/play-content-cache.ts';
import { setSetting } from '../db/repositories/settings.ts';
import type { Database } from '../db/schema/database.ts';
import { inTransaction } from '../db/transaction.ts';

/** Settings keys of product rules "Content". */
const SEO_SETTINGS_KEY = 'seo_settings';
const FONT_SETTINGS_KEY = 'font_settings';

/** Text of the footer pages when the database has none (the demo content brings fuller ones). */
const FOOTER_PAGE_DEFAULTS: Record<FooterPageSlug, FooterPageContent> = {
  about: {
    title: 'About SEO Adventure',
    body: 'SEO Adventure is a retro text game about taking a small hat web shop to rank #1 in search results.\n\nEvery scene is a decision a real shop owner faces. Every lesson in it is true.',
  },
  'how-to-play': {
    title: 'How to Play',
    body: 'Press Start Adventure Now, read each scene and pick one option. Each choice changes your stats: SEO Ranking, Traffic, Knowledge, Happiness, Budget, Delusion and Revenue.\n\nAn option that names no Budget change costs $5 of Budget; one that costs more than you have is locked. At the end of each day your Revenue (what the shop sells in a day) is paid into your Budget (half of it when Happiness is below 20). Random events and sponsors appear along the way. Sign in to keep your progress on every device.',
  },
  'become-a-sponsor': {
    title: 'Become a Sponsor',
    body: 'Sponsors appear beside every scene of the game, seen by players who care about search.\n\nTo sponsor SEO Adventure, write to the site owner with your name, your website and your logo.',
  },
};

/** The stored SEO settings with every field present (blank when unset). */
export async function getSeoSettings(db: Kysely<Database>): Promise<SeoSettingsValue> {
  const stored = await getSetting<Partial<SeoSettingsValue>>(db, SEO_SETTINGS_KEY);
  return { ...EMPTY_SEO_SETTINGS, ...pickStrings(stored, EMPTY_SEO_SETTINGS) };
}

/**
 * Stores the SEO settings. The homepage editor shows the same search title and description
 * (pages 'home' seoTitle/seoDescription, product rules "Content"), so both are kept equal in one transaction.
 */
export async function saveSeoSettings(
  db: Kysely<Database>,
  value: SeoSettingsValue,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await setSetting(trx, SEO_SETTINGS_KEY, value);
    const home = await getPage<Partial<HomeContentValue>>(trx, 'home');
    if (home) {
      const content = {
        ...home.content,
        seoTitle: value.seoTitle,
        seoDescription: value.seoDescription,
      };
      await upsertPage(trx, 'home', home.title, content);
    }
  });
}

/**
 * Stores the 'home' page (product rules "Data": slug 'home', title 'Home Page') and, as the toast 'Homepage
 * content and SEO settings saved successfully' says, its search title and description as the
 * site's SEO settings, which the server writes into the HTML of '/'.
 */
export async function saveHomePage(db: Kysely<Database>, content: HomeContentValue): Promise<void> {
  await inTransaction(db, async (trx) => {
    await upsertPage(trx, 'home', 'Home Page', content);
    const seo = await getSeoSettings(trx);
    await setSetting(trx, SEO_SETTINGS_KEY, {
      ...seo,
      seoTitle: content.seoTitle,
      seoDescription: content.seoDescription,
    });
  });
}

/** Stores a footer page (its title and plain-text body). */
export async function saveFooterPage(
  db: Kysely<Database>,
  slug: FooterPageSlug,
  content: FooterPageContent,
): Promise<void> {
  await upsertPage(db, slug, content.title, content);
}

/** A page for the API: the stored one, or its default when the database has none. */
export async function readPage(db: Kysely<Database>, slug: PageSlug): Promise<PageResponse> {
  const page = await getPage(db, slug);
  if (page) {
    const content =
      typeof page.content === 'object' && page.content !== null && !Array.isArray(page.content)
        ? page.content
        : {};
    return { slug, title: page.title, content, updatedAt: page.updatedAt };
  }
  if (slug === 'home') return { slug, title: 'Home Page', content: {}, updatedAt: null };
  const content = FOOTER_PAGE_DEFAULTS[slug];
  return { slug, title: FOOTER_PAGE_TITLES[slug], content: { ...content }, updatedAt: null };
}

/** The stored font settings, or the product rules "Limits" defaults when unset or unreadable. */
export async function getFontSettings(db: Kysely<Database>): Promise<FontSettingsValue> {
  const stored = await getSetting<unknown>(db, FONT_SETTINGS_KEY);
  const parsed = fontSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : FONT_SETTINGS_DEFAULTS;
}

/** Stores the font settings. */
export async function saveFontSettings(
  db: Kysely<Database>,
  value: FontSettingsValue,
): Promise<void> {
  await setSetting(db, FONT_SETTINGS_KEY, value);
}

/** The string fields of `value` that `shape` has, ignoring anything else. */
function pickStrings<T extends Record<string, string>>(value: unknown, shape: T): Partial<T> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Partial<Record<string, string>> = {};
  for (const key of Object.keys(shape)) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out as Partial<T>;
}
