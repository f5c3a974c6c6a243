import { describe, expect, it } from 'vitest';
import type { Content } from '../../server/content/content-files.ts';
import { checkWorld, isFictionalUrl } from './world.ts';

function world(): Content {
  const times = <T>(n: number, make: (i: number) => T) =>
    Array.from({ length: n }, (_, i) => make(i));
  return {
    scenes: [],
    events: times(5, (i) => ({
      id: `event-${i}`,
      title: 'E',
      description: 'D',
      media_type: 'image' as const,
      media_url: null,
      video_embed_code: null,
      frequency: 5,
      is_active: true,
      budget_change: 0,
      knowledge_change: 0,
      delusion_change: 0,
      revenue_change: 0,
      happiness_change: 0,
      traffic_change: 0,
      seo_ranking_change: 0,
    })),
    advertisements: times(3, (i) => ({
      id: `ad-${i}`,
      title: 'A',
      description: null,
      image_url: null,
      cta_text: 'Learn More',
      cta_link: 'https://shop.example/',
      active: true,
      priority: i,
    })),
    sponsors: times(3, (i) => ({
      id: `sponsor-${i}`,
      name: 'S',
      url: 'https://s.test/',
      image_url: null,
    })),
    news: times(8, (i) => ({ id: `news-${i}`, content: 'N', link: null, active: true })),
    consultants: times(2, (i) => ({
      id: `c-${i}`,
      name: 'C',
      contact_email: `c${i}@example.com`,
      website_url: 'https://c.example.com/',
      status: 'approved',
    })),
    settings: {
      font_settings: Object.fromEntries(
        ['title', 'subtitle', 'content', 'choices'].map((k) => [
          k,
          { fontSize: 'lg', fontFamily: 'Verdana' },
        ]),
      ),
      seo_settings: {
        seoTitle: 'T',
        seoDescription: 'D',
        ogTitle: '',
        ogDescription: '',
        ogImage: '',
        headerScripts: '',
        bodyScripts: '',
        footerScripts: '',
      },
    },
    pages: [
      {
        slug: 'home',
        title: 'Home Page',
        content: {
          title: 'T',
          subtitle: 'S',
          description: 'D',
          buttonText: 'B',
          seoTitle: 'T',
          seoDescription: 'D',
        },
      },
      ...['about', 'how-to-play', 'become-a-sponsor'].map((slug) => ({
        slug,
        title: slug,
        content: { title: slug, body: 'Text' },
      })),
    ],
  };
}

const messages = (c: Content) => checkWorld(c).map((p) => `${p.where}: ${p.message}`);

describe('checkWorld', () => {
  it('accepts a complete world', () => {
    expect(checkWorld(world())).toEqual([]);
  });

  it('counts only active or approved items', () => {
    const c = world();
    c.news[0]!.active = false;
    c.consultants[1]!.status = 'pending';
    expect(messages(c)).toEqual(['world: 7 news (needs 8)', 'world: 1 consultants (needs 2)']);
  });

  it('refuses real addresses, real e-mails and duplicate ids', () => {
    const c = world();
    c.sponsors[0]!.url = 'https://www.google.com/';
    c.consultants[0]!.contact_email = 'someone@gmail.com';
    c.events[1]!.id = 'event-0';
    expect(messages(c)).toEqual([
      "random-events.json 'event-0': id is used more than once",
      "sponsors.json 'sponsor-0': 'https://www.google.com/' is not on a reserved example domain",
      "consultants.json 'c-0': contact_email must be an @example.com address",
    ]);
  });

  it('checks settings lengths and the pages', () => {
    const c = world();
    (c.settings.seo_settings as Record<string, string>).seoTitle = 'x'.repeat(61);
    c.pages = c.pages.filter((p) => p.slug !== 'about');
    expect(messages(c)).toEqual([
      'settings.json seo_settings: seoTitle is over 60 characters',
      "pages.json 'about': needs a title and a body",
    ]);
  });
});

describe('isFictionalUrl', () => {
  it('accepts reserved example domains only', () => {
    expect(isFictionalUrl('https://feltworks.example/')).toBe(true);
    expect(isFictionalUrl('http://example.com/a')).toBe(true);
    expect(isFictionalUrl('https://x.test')).toBe(true);
    expect(isFictionalUrl('https://example.co')).toBe(false);
    expect(isFictionalUrl('https://notexample.com')).toBe(false);
    expect(isFictionalUrl('ftp://x.example')).toBe(false);
  });
});
