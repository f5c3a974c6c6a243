import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedText } from '../../scripts/bench/routes.ts';
import { testEngines } from '../../test/server/databases.ts';
import { playFixture } from '../../test/server/play-fixture.ts';
import { guestSession } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { play } from '../routes/api/play/helpers.ts';

/** The words a reader of the served HTML gets (no scripts, no tags), on one line. */
const textOf = (html: string) => servedText(html).replace(/\s+/g, ' ');

describe('pages rendered on the server (web/entry-server.tsx)', () => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'seo-adv-ssr-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>SEO Adventure</title></head><body><div id="root"></div></body></html>',
    );
    d = await testEngines[0]!.open();
    app = await buildTestApp(d, { content: playFixture(), webRoot });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('serves the start screen with its words in the HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('SEO Adventure');
    expect(text).toContain('Your SEO adventure awaits...');
    expect(text).toContain('Start Adventure Now');
    expect(text).toContain('How to Play');
  });

  it("serves a scene page with the scene's title, text and options in the HTML", async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const res = await app.inject({
      method: 'GET',
      url: '/game/scene/intro',
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    for (const words of [
      'The Shop Opens',
      'Your hat shop is online.',
      'Read the docs',
      'Ask a friend',
      'Hire an expert',
      'What will you do?',
    ]) {
      expect(text).toContain(words);
    }
  });
});
