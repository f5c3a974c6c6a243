import type { Kysely } from 'kysely';
import { FOOTER_PAGE_TITLES } from '../../core/api/admin-world-site.ts';
import { adScreenName, gamePageTitle, SCREEN_NAMES } from '../../core/page-title.ts';
import { isClientRoute } from '../../core/routes.ts';
import { getPage } from '../db/repositories/pages.ts';
import { getSceneTitle, listActiveAds } from '../db/repositories/play-content-cache.ts';
import type { Database } from '../db/schema/database.ts';

/** Titles and descriptions of the public screens that have their own (product rules "Screens"). */
const SCREENS: Record<string, { title: string; description: string }> = {
  '/consultants': {
    title: 'The SEO Experts',
    description:
      'A directory of SEO consultants for small shops: technical SEO, content, structured data and local search, each reviewed before they are listed.',
  },
  '/consultant-submission': {
    title: 'Become an SEO Consultant',
    description:
      'Apply to be listed in the SEO Adventure directory of SEO consultants. Tell us about your specialty; your e-mail is never shown publicly.',
  },
  '/landing': {
    title: 'Start Your SEO Journey',
    description:
      'Learn SEO by playing: run a tiny hat web shop, make real decisions about keywords, content, links and speed, and aim for rank #1.',
  },
};

/** What the HTML shell needs to know about a path before it answers. */
export interface PageMeta {
  /** False answers 404: no such route, footer page or scene. */
  found: boolean;
  /** A screen's own title, shown before the site title. */
  title?: string;
  /** A screen's own meta description (else the site's). */
  description?: string;
  /** The whole tab title of a game screen (core/page-title.ts), instead of title + site title. */
  fullTitle?: string;
}

/** Game screens other than scenes, by path: their tab titles. */
const GAME_SCREENS: Record<string, string> = {
  '/game': SCREEN_NAMES.home,
  '/game/random-event': SCREEN_NAMES.event,
  '/take-a-break': SCREEN_NAMES.takeABreak,
};

/** The 404 page's own tab title. */
const NOT_FOUND: PageMeta = { found: false, fullTitle: gamePageTitle(SCREEN_NAMES.notFound) };

/** At most `max` characters of `text` on one line, cut at a word with '…'. */
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Whether a path has a page, and its own title and description: the screens above, the footer
 * pages (their stored title, and their first paragraph as the description), and scenes, which
 * must exist (/game/scene/{id} and its short form /game/{id}); an unknown slug or scene is a
 * 404, never a soft 404.
 */
export async function pageMeta(db: Kysely<Database>, pathname: string): Promise<PageMeta> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!isClientRoute(path)) return NOT_FOUND;
  const screen = SCREENS[path];
  if (screen) return { found: true, ...screen };
  const game = GAME_SCREENS[path];
  if (game) return { found: true, fullTitle: gamePageTitle(game) };
  const adId = /^\/game\/advertisement\/([^/]+)$/.exec(path)?.[1];
  if (adId !== undefined) {
    const ad = (await listActiveAds(db)).find((a) => encodeURIComponent(a.id) === adId);
    return {
      found: true,
      fullTitle: gamePageTitle(ad ? adScreenName(ad.title) : SCREEN_NAMES.advertisement),
    };
  }
  const slug = /^\/page\/([^/]+)$/.exec(path)?.[1];
  if (slug !== undefined) {
    if (!Object.hasOwn(FOOTER_PAGE_TITLES, slug)) return NOT_FOUND;
    const page = await getPage<{ title?: unknown; body?: unknown }>(db, slug);
    const body = trimmed(page?.content.body);
    const firstParagraph = body?.split(/\n\s*\n/)[0];
    return {
      found: true,
      title:
        trimmed(page?.content.title) ?? FOOTER_PAGE_TITLES[slug as keyof typeof FOOTER_PAGE_TITLES],
      ...(firstParagraph ? { description: summarise(firstParagraph) } : {}),
    };
  }
  const scene = /^\/game\/(?:scene\/)?([^/]+)$/.exec(path)?.[1];
  if (scene !== undefined && !['random-event', 'scene', 'advertisement'].includes(scene)) {
    let id: string;
    try {
      id = decodeURIComponent(scene);
    } catch {
      return NOT_FOUND;
    }
    const title = await getSceneTitle(db, id);
    return title === null ? NOT_FOUND : { found: true, fullTitle: gamePageTitle(title) };
  }
  return { found: true };
}
