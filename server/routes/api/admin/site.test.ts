import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';

const home = {
  title: 'Hat Quest',
  subtitle: 'Rank or vanish',
  description: 'A shop, a cat, a search engine.',
  buttonText: 'Begin',
  seoTitle: 'Hat Quest: rank a hat shop',
  seoDescription: 'Play a text adventure about SEO.',
};

describe.each(testEngines)('admin pages, SEO and fonts ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  it('refuses anonymous (401) and players (403) on every write', async () => {
    for (const [method, url, body] of [
      ['PUT', '/api/admin/pages/home', home],
      ['PUT', '/api/admin/pages/about', { title: 'x', body: 'y' }],
      ['PUT', '/api/admin/settings/seo', {}],
      ['PUT', '/api/admin/settings/fonts', {}],
      ['GET', '/api/admin/settings/seo', undefined],
    ] as const) {
      expect((await t.call(method, url, body, null)).statusCode, url).toBe(401);
      expect((await t.call(method, url, body, t.player)).statusCode, url).toBe(403);
    }
  });

  it("saves 'home' and shows it on the public GET /api/pages/home", async () => {
    const empty = await t.call('GET', '/api/pages/home', undefined, null);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().content).toEqual({});
    const saved = await t.call('PUT', '/api/admin/pages/home', { ...home, title: '  Hat Quest ' });
    expect(saved.statusCode).toBe(200);
    const pub = await t.call('GET', '/api/pages/home', undefined, null);
    expect(pub.json()).toMatchObject({ slug: 'home', title: 'Home Page', content: home });
  });

  it('keeps the homepage search snippet and the SEO settings equal', async () => {
    await t.call('PUT', '/api/admin/pages/home', home);
    let seo = (await t.call('GET', '/api/admin/settings/seo')).json();
    expect(seo).toMatchObject({ seoTitle: home.seoTitle, seoDescription: home.seoDescription });
    await t.call('PUT', '/api/admin/settings/seo', { ...seo, seoTitle: 'Changed in SEO' });
    const page = (await t.call('GET', '/api/admin/pages/home')).json();
    expect(page.content).toMatchObject({ title: 'Hat Quest', seoTitle: 'Changed in SEO' });
    seo = (await t.call('GET', '/api/admin/settings/seo')).json();
    expect(seo.seoTitle).toBe('Changed in SEO');
  });

  it('limits the SEO title to 60 and the description to 160 characters', async () => {
    const title = await t.call('PUT', '/api/admin/settings/seo', { seoTitle: 'x'.repeat(61) });
    expect(title.statusCode).toBe(400);
    expect(title.json().message).toContain('SEO title must be at most 60 characters');
    const desc = await t.call('PUT', '/api/admin/settings/seo', {
      seoDescription: 'x'.repeat(161),
    });
    expect(desc.json().message).toContain('SEO description must be at most 160 characters');
    const homeTitle = await t.call('PUT', '/api/admin/pages/home', {
      ...home,
      seoTitle: 'y'.repeat(61),
    });
    expect(homeTitle.statusCode).toBe(400);
    const ok = await t.call('PUT', '/api/admin/settings/seo', {
      seoTitle: 'x'.repeat(60),
      seoDescription: 'y'.repeat(160),
      ogImage: '/uploads/og.png',
      headerScripts: '<script>window.h=1</script>',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ogTitle: '', headerScripts: '<script>window.h=1</script>' });
    const badImage = await t.call('PUT', '/api/admin/settings/seo', { ogImage: 'og.png' });
    expect(badImage.json().message).toContain(
      'OG image URL must start with http://, https:// or /',
    );
  });

  it('serves the footer pages with default text, and saves edits', async () => {
    const about = await t.call('GET', '/api/pages/about', undefined, null);
    expect(about.statusCode).toBe(200);
    expect(about.json().content.title).toBe('About SEO Adventure');
    expect(about.json().content.body.length).toBeGreaterThan(50);
    const bad = await t.call('PUT', '/api/admin/pages/how-to-play', { title: ' ', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Title is required');
    const saved = await t.call('PUT', '/api/admin/pages/how-to-play', {
      title: 'How to play',
      body: 'Pick.\n\nWin.',
    });
    expect(saved.statusCode).toBe(200);
    const pub = (await t.call('GET', '/api/pages/how-to-play', undefined, null)).json();
    expect(pub).toMatchObject({
      title: 'How to play',
      content: { title: 'How to play', body: 'Pick.\n\nWin.' },
    });
    expect((await t.call('GET', '/api/pages/secret', undefined, null)).statusCode).toBe(404);
    expect(
      (await t.call('PUT', '/api/admin/pages/secret', { title: 'x', body: '' })).statusCode,
    ).toBe(400);
  });

  it('font settings: defaults, the seven families, size check, save', async () => {
    const defaults = (await t.call('GET', '/api/admin/settings/fonts')).json();
    expect(defaults.title).toEqual({ fontSize: '5xl', fontFamily: 'sans-serif' });
    const next = { ...defaults, content: { fontSize: '1.5rem', fontFamily: 'VT323' } };
    const saved = await t.call('PUT', '/api/admin/settings/fonts', next);
    expect(saved.statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/settings/fonts')).json()).toEqual(next);
    const badFamily = await t.call('PUT', '/api/admin/settings/fonts', {
      ...next,
      title: { fontSize: 'xl', fontFamily: 'Comic Sans MS' },
    });
    expect(badFamily.statusCode).toBe(400);
    const badSize = await t.call('PUT', '/api/admin/settings/fonts', {
      ...next,
      title: { fontSize: 'huge; color: red', fontFamily: 'Arial' },
    });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().message).toContain('Font size must be a size name');
  });
});
