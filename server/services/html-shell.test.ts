import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SEO_SETTINGS } from '../../core/api/admin-world-site.ts';
import { testEngines } from '../../test/server/databases.ts';
import { adminSession } from '../../test/server/sessions.ts';
import { testConfig } from '../../test/server/test-app.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import { injectSeo, withNonce } from './html-shell.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>SEO Adventure</title>
    <meta name="description" content="Built-in description." />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const opts = { pathname: '/', nonce: 'N0nce+/=', baseUrl: 'https://hats.example' };

describe('injectSeo', () => {
  it('leaves the template title when nothing is set, adds a canonical link', () => {
    const html = injectSeo(TEMPLATE, EMPTY_SEO_SETTINGS, opts);
    expect(html).toContain('<title>SEO Adventure</title>');
    expect(html).toContain('content="Built-in description."');
    expect(html).toContain('<link rel="canonical" href="https://hats.example/">');
  });

  it('writes title, description and og tags, escaped, replacing the built-in description', () => {
    const html = injectSeo(
      TEMPLATE,
      {
        ...EMPTY_SEO_SETTINGS,
        seoTitle: 'Hats & "Caps" <rank>',
        seoDescription: 'Best hats.',
        ogImage: '/uploads/og.png',
      },
      opts,
    );
    expect(html).toContain('<title>Hats &amp; "Caps" &lt;rank&gt;</title>');
    expect(html).toContain('<meta name="description" content="Best hats.">');
    expect(html).not.toContain('Built-in description.');
    expect(html).toContain(
      '<meta property="og:title" content="Hats &amp; &quot;Caps&quot; &lt;rank&gt;">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://hats.example/uploads/og.png">',
    );
  });

  it('prefixes a screen title and marks unknown paths noindex', () => {
    const seo = { ...EMPTY_SEO_SETTINGS, seoTitle: 'Hat Quest' };
    const page = injectSeo(TEMPLATE, seo, {
      ...opts,
      pathname: '/consultants',
      screenTitle: 'The SEO Experts',
    });
    expect(page).toContain('<title>The SEO Experts | Hat Quest</title>');
    const lost = injectSeo(TEMPLATE, seo, { ...opts, pathname: '/nope/nope' });
    expect(lost).toContain('<meta name="robots" content="noindex">');
    expect(lost).not.toContain('rel="canonical"');
  });

  it('places header, body and footer scripts, each with the nonce', () => {
    const html = injectSeo(
      TEMPLATE,
      {
        ...EMPTY_SEO_SETTINGS,
        headerScripts: '<script>window.h = 1</script>',
        bodyScripts: '<SCRIPT src="https://cdn.example/a.js"></SCRIPT>',
        footerScripts:
          '<noscript><img src="/p.gif" alt=""></noscript><script>window.f = 1</script>',
      },
      opts,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script nonce="N0nce+/=">window.h = 1</script>');
    const body = html.slice(html.indexOf('<body>'), html.indexOf('<div id="root">'));
    expect(body).toContain('<script nonce="N0nce+/=" src="https://cdn.example/a.js">');
    const tail = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(tail).toContain('<script nonce="N0nce+/=">window.f = 1</script>');
    expect(tail).toContain('<noscript><img src="/p.gif" alt=""></noscript>');
  });

  it('gives a snippet with its own nonce ours first, so ours wins', () => {
    expect(withNonce('<script nonce="evil">x</script>', 'good')).toBe(
      '<script nonce="good" nonce="evil">x</script>',
    );
    expect(withNonce('   ', 'good')).toBe('');
  });
});

describe.each(testEngines)('the HTML shell with stored SEO settings ($name)', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'seo-adv-shell-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
    db = await engine.open();
    app = await buildApp({
      config: testConfig(),
      database: db,
      logger: false,
      loadContent: false,
      webRoot,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('GET / carries the SEO title and custom scripts with the response nonce; /admin does not', async () => {
    const admin = await adminSession(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/seo',
      headers: { cookie: admin.cookie },
      payload: {
        ...EMPTY_SEO_SETTINGS,
        seoTitle: 'Rank the Hat Shop',
        seoDescription: 'A game about search.',
        headerScripts: '<script>window.analytics = true</script>',
        footerScripts: '<script src="https://stats.example/s.js"></script>',
      },
    });
    expect(saved.statusCode).toBe(200);

    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain('<title>Rank the Hat Shop</title>');
    expect(res.body).toContain('<meta name="description" content="A game about search.">');
    expect(res.body).toContain(`<script nonce="${nonce}">window.analytics = true</script>`);
    expect(res.body).toContain(`<script nonce="${nonce}" src="https://stats.example/s.js">`);

    const again = await app.inject({ method: 'GET', url: '/' });
    expect(again.body).not.toContain(`nonce="${nonce}"`); // a fresh nonce per response

    const adminPage = await app.inject({ method: 'GET', url: '/admin/seo-settings' });
    expect(adminPage.body).toContain('<title>SEO Adventure</title>');
    expect(adminPage.body).not.toContain('window.analytics');
  });

  it('titles the footer pages by their stored title', async () => {
    const res = await app.inject({ method: 'GET', url: '/page/how-to-play' });
    expect(res.body).toContain('<title>How to Play | Rank the Hat Shop</title>');
  });
});
