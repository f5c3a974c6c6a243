import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { readContent } from '../content/content-files.ts';
import type { Db } from '../db/database.ts';
import { summarise } from './page-meta.ts';

const TEMPLATE = `<!doctype html><html lang="en"><head><title>SEO Adventure</title>
<meta name="description" content="Built-in description." /></head>
<body><div id="root"></div></body></html>`;

const descriptionOf = (html: string) => {
  const raw = /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
  return raw === undefined
    ? null
    : raw
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
};

describe('summarise', () => {
  it('keeps short text, cuts long text at a word with an ellipsis', () => {
    expect(summarise('  A  short\ntext. ')).toBe('A short text.');
    const long = `${'word '.repeat(60)}end`;
    const cut = summarise(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/word…$/);
  });
});

describe.each(testEngines)('status codes and meta of the pages on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'seo-adv-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
    d = await engine.open();
    app = await buildTestApp(d, { content: await readContent(), webRoot });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers unknown pages and scenes 404 with the app shell, real ones 200', async () => {
    for (const url of [
      '/page/no-such-page',
      '/game/scene/no-such-scene',
      '/game/no-such-scene',
      '/no/such/path',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    for (const url of [
      '/',
      '/page/about',
      '/page/how-to-play',
      '/page/become-a-sponsor',
      '/consultants',
      '/consultant-submission',
      '/auth',
      '/game',
      '/game/scene/intro',
      '/game/random-event',
      '/game/advertisement/any',
      '/take-a-break',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    // The short form of a scene's address is the router's redirect, answered by the server.
    const short = await get('/game/intro');
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe('/game/scene/intro');
  });

  it('titles every game page after its screen, and the 404 page after itself', async () => {
    const titleOf = async (url: string) =>
      /<title>([^<]*)<\/title>/.exec((await get(url)).body)?.[1];
    expect(await titleOf('/game/scene/intro')).toBe(
      'Brim &amp; Proper: Boot Sequence - SEO Adventure',
    );
    expect(await titleOf('/game')).toBe('Game Home - SEO Adventure');
    expect(await titleOf('/game/random-event')).toBe('Random Event - SEO Adventure');
    expect(await titleOf('/game/advertisement/gone')).toBe('Advertisement - SEO Adventure');
    expect(await titleOf('/take-a-break')).toBe('Take a Break - SEO Adventure');
    for (const url of ['/no/such/path', '/game/scene/no-such-scene', '/page/no-such-page']) {
      expect(await titleOf(url), url).toBe('Page Not Found - SEO Adventure');
    }
  });

  it('gives each public page its own meta description, footer pages from their own text', async () => {
    const pages = [
      '/',
      '/page/about',
      '/page/how-to-play',
      '/page/become-a-sponsor',
      '/consultants',
    ];
    const descriptions = await Promise.all(
      pages.map(async (url) => descriptionOf((await get(url)).body)),
    );
    for (const [i, text] of descriptions.entries()) {
      expect(text, pages[i]).toBeTruthy();
      expect(text!.length, pages[i]).toBeLessThanOrEqual(160);
    }
    expect(new Set(descriptions).size).toBe(pages.length);
    expect(descriptions[1]).toMatch(/^SEO Adventure is a text game/);
    // Each page's description comes before any other description in the page, only once.
    const about = (await get('/page/about')).body;
    expect(about.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('marks game pages and /auth noindex without a canonical; public pages keep theirs', async () => {
    for (const url of [
      '/game',
      '/game/scene/intro',
      '/game/random-event',
      '/auth',
      '/take-a-break',
    ]) {
      const body = (await get(url)).body;
      expect(body, url).toContain('<meta name="robots" content="noindex">');
      expect(body, url).not.toContain('rel="canonical"');
      expect(body, url).not.toContain('og:url');
    }
    for (const url of ['/', '/page/about', '/consultants']) {
      const body = (await get(url)).body;
      expect(body, url).not.toContain('<meta name="robots"');
      expect(body, url).toContain(`<link rel="canonical" href="${app.config.publicUrl}${url}">`);
    }
  });
});
