import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { upsertPage } from '../db/repositories/pages.ts';

describe.each(testEngines)('robots.txt and sitemap.xml ($name)', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { config: { publicUrl: 'https://hats.example' } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('robots.txt keeps crawlers out of /admin and /api and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain('Sitemap: https://hats.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages with absolute URLs', async () => {
    await upsertPage(db.db, 'about', 'About', { title: 'About', body: 'x' });
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://hats.example/',
      'https://hats.example/landing',
      'https://hats.example/consultants',
      'https://hats.example/consultant-submission',
      'https://hats.example/page/about',
      'https://hats.example/page/how-to-play',
      'https://hats.example/page/become-a-sponsor',
    ]);
    expect(res.body).toMatch(/page\/about<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    expect(res.body).not.toContain('/admin');
  });
});
