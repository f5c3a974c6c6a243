import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { playFixture } from '../../test/server/play-fixture.ts';
import { testConfig } from '../../test/server/test-app.ts';
import { buildApp } from '../app.ts';
import { loadContent } from '../content/load-content.ts';
import type { Db } from '../db/database.ts';

describe('serving the web app', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'seo-adv-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>SEO Adventure</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(
      path.join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-abc123.js', isEntry: true },
        'routes/game/scene.tsx': { file: 'assets/scene-def456.js' },
      }),
    );
    // What the build's precompress step writes next to a script: its brotli and gzip copies.
    const big = `console.log("${'hat '.repeat(2000)}")`;
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js'), big);
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.gz'), gzipSync(big));
    db = await testEngines[0]!.open();
    app = await buildApp({
      config: testConfig(),
      database: db,
      logger: false,
      loadContent: false,
      webRoot,
    });
    await loadContent(db.db, playFixture());
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves the HTML shell for / and every client route with a nonce CSP', async () => {
    for (const url of ['/', '/game', '/game/scene/intro', '/admin/scenes', '/consultants']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toMatch(
        /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/,
      );
      // Game pages carry the visitor's boot data: no shared cache may keep them.
      const own = url.startsWith('/game');
      expect(res.headers['cache-control'], url).toBe(own ? 'private, no-cache' : 'no-cache');
    }
  });

  it("loads a route's chunks from the build manifest after the page, and never serves the manifest", async () => {
    const scene = await app.inject({ method: 'GET', url: '/game/scene/intro' });
    const loader = /<script nonce="([^"]+)">\(function\(\)\{var m=(\[[^\]]*\])/.exec(scene.body);
    expect(JSON.parse(loader?.[2] ?? '[]')).toEqual([
      '/assets/app-abc123.js',
      '/assets/scene-def456.js',
    ]);
    expect(scene.headers['content-security-policy']).toContain(`'nonce-${loader?.[1]}'`);
    expect(scene.body.indexOf('var m=')).toBeGreaterThan(scene.body.indexOf('id="root"'));
    // Another page loads only its own route's chunks; the start screen also loads the first
    // scene's, after the app's (its Start paints that scene at once).
    const other = await app.inject({ method: 'GET', url: '/consultants' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('scene-def456.js');
    const start = await app.inject({ method: 'GET', url: '/' });
    const startLoads = /\(function\(\)\{var m=(\[[^\]]*\])/.exec(start.body);
    expect(JSON.parse(startLoads?.[1] ?? '[]')).toEqual([
      '/assets/app-abc123.js',
      '/assets/scene-def456.js',
    ]);
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
  });

  it('compresses pages for browsers that accept it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/consultants',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
    const gz = await app.inject({
      method: 'GET',
      url: '/game/scene/intro',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('cookie, accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('</html>');
    const plain = await app.inject({ method: 'GET', url: '/consultants' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unknown page with the shell and a real 404 status', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with immutable caching and a JSON 404 for missing files', async () => {
    const ok = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Not Found');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to others', async () => {
    const url = '/assets/big-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('hat hat');
    expect(br.rawPayload.length).toBeLessThan(1000);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBe(8015);
  });
});
