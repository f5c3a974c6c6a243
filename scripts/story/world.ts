import type { Content } from '../../server/content/content-files.ts';
import { duplicates } from './checks.ts';
import type { Problem } from './types.ts';

/** What the campaign asks of the world around the story. */
const WORLD_MINIMUMS = {
  events: 5,
  advertisements: 3,
  sponsors: 3,
  news: 8,
  consultants: 2,
};

const FONT_PARTS = ['title', 'subtitle', 'content', 'choices'];
const SEO_KEYS = [
  'seoTitle',
  'seoDescription',
  'ogTitle',
  'ogDescription',
  'ogImage',
  'headerScripts',
  'bodyScripts',
  'footerScripts',
];
const HOME_KEYS = ['title', 'subtitle', 'description', 'buttonText', 'seoTitle', 'seoDescription'];
const FOOTER_PAGES = ['about', 'how-to-play', 'become-a-sponsor'];

/** True for a web address on a domain reserved for examples (RFC 2606), so nothing real is linked. */
export function isFictionalUrl(url: string | null | undefined): boolean {
  if (!url) return true;
  try {
    const { protocol, hostname } = new URL(url);
    return (
      /^https?:$/.test(protocol) &&
      /(^|\.)(example(\.com|\.org|\.net)?|test|invalid)$/.test(hostname)
    );
  } catch {
    return false;
  }
}

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function duplicateIds(file: string, items: readonly { id: string }[]): Problem[] {
  return duplicates(items.map((i) => i.id)).map((id) => ({
    where: `${file} '${id}'`,
    message: 'id is used more than once',
  }));
}

function checkSettings(settings: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const fonts = record(settings.font_settings);
  for (const part of FONT_PARTS) {
    const f = record(fonts[part]);
    if (typeof f.fontSize !== 'string' || typeof f.fontFamily !== 'string') {
      problems.push({
        where: 'settings.json font_settings',
        message: `${part} needs fontSize and fontFamily`,
      });
    }
  }
  const seo = record(settings.seo_settings);
  for (const key of SEO_KEYS) {
    if (typeof seo[key] !== 'string')
      problems.push({ where: 'settings.json seo_settings', message: `${key} is missing` });
  }
  if (String(seo.seoTitle ?? '').length > 60)
    problems.push({
      where: 'settings.json seo_settings',
      message: 'seoTitle is over 60 characters',
    });
  if (String(seo.seoDescription ?? '').length > 160)
    problems.push({
      where: 'settings.json seo_settings',
      message: 'seoDescription is over 160 characters',
    });
  return problems;
}

function checkPages(pages: Content['pages']): Problem[] {
  const problems: Problem[] = [];
  const bySlug = new Map(pages.map((p) => [p.slug, record(p.content)]));
  const home = bySlug.get('home');
  if (!home) problems.push({ where: 'pages.json', message: "there is no 'home' page" });
  for (const key of HOME_KEYS) {
    if (home && typeof home[key] !== 'string')
      problems.push({ where: "pages.json 'home'", message: `${key} is missing` });
  }
  for (const slug of FOOTER_PAGES) {
    const page = bySlug.get(slug);
    if (
      typeof page?.title !== 'string' ||
      typeof page.body !== 'string' ||
      page.body.trim() === ''
    ) {
      problems.push({ where: `pages.json '${slug}'`, message: 'needs a title and a body' });
    }
  }
  return problems;
}

/**
 * Checks the world around the story: enough events, ads, sponsors, news and approved
 * consultants; unique ids; fictional addresses and example.com e-mails only; the settings the
 * admin screens expect (SEO title up to 60 and description up to 160 characters); the home and
 * footer pages.
 */
export function checkWorld(content: Content): Problem[] {
  const problems: Problem[] = [];
  const count = (what: keyof typeof WORLD_MINIMUMS, n: number) => {
    if (n < WORLD_MINIMUMS[what]) {
      problems.push({ where: 'world', message: `${n} ${what} (needs ${WORLD_MINIMUMS[what]})` });
    }
  };
  count('events', content.events.filter((e) => e.is_active).length);
  count('advertisements', content.advertisements.filter((a) => a.active).length);
  count('sponsors', content.sponsors.length);
  count('news', content.news.filter((n) => n.active).length);
  count('consultants', content.consultants.filter((c) => c.status === 'approved').length);
  problems.push(
    ...duplicateIds('random-events.json', content.events),
    ...duplicateIds('advertisements.json', content.advertisements),
    ...duplicateIds('sponsors.json', content.sponsors),
    ...duplicateIds('news.json', content.news),
    ...duplicateIds('consultants.json', content.consultants),
  );
  const links: [string, string | null | undefined][] = [
    ...content.advertisements.map((a): [string, string | null | undefined] => [
      `advertisements.json '${a.id}'`,
      a.cta_link,
    ]),
    ...content.sponsors.map((s): [string, string | null | undefined] => [
      `sponsors.json '${s.id}'`,
      s.url,
    ]),
    ...content.consultants.map((c): [string, string | null | undefined] => [
      `consultants.json '${c.id}'`,
      c.website_url,
    ]),
  ];
  for (const [where, url] of links) {
    if (!isFictionalUrl(url))
      problems.push({ where, message: `'${url}' is not on a reserved example domain` });
  }
  for (const c of content.consultants) {
    if (!/^[^@\s]+@example\.com$/.test(c.contact_email)) {
      problems.push({
        where: `consultants.json '${c.id}'`,
        message: 'contact_email must be an @example.com address',
      });
    }
  }
  problems.push(...checkSettings(content.settings), ...checkPages(content.pages));
  return problems;
}
