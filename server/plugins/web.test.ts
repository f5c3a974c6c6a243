import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import { testEngines } from '../test/databases.ts';
import { testConfig } from '../test/test-app.ts';

describe('serving the web app', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'seo-adv-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>SEO Adventure</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    db = await testEngines[0]!.open();
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

  it('serves the HTML shell for / and every client route with a nonce CSP', async () => {
    for (const url of ['/', '/game', '/game/scene/intro', '/admin/scenes', '/consultants']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toMatch(
        /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/,
      );
      expect(res.headers['cache-control']).toBe('no-cache');
    }
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
});
