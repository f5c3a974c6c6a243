import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootData } from '../../core/api/boot.ts';
import { testEngines } from '../../test/server/databases.ts';
import { playFixture } from '../../test/server/play-fixture.ts';
import { guestSession } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { play } from '../routes/api/play/helpers.ts';
import { bootDataTag } from './boot-data.ts';

/** The boot data block of a served page, parsed. */
function bootOf(html: string): BootData | null {
  const m =
    /<script type="application\/json" id="boot-data" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] ?? '') as BootData) : null;
}

describe.each(testEngines)('boot data of game pages on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'seo-adv-boot-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>SEO Adventure</title></head><body><div id="root"></div></body></html>',
    );
    d = await engine.open();
    app = await buildTestApp(d, { content: playFixture(), webRoot });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('gives a scene page the session, game and scene exactly as the play API answers them', async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const page = await app.inject({
      method: 'GET',
      url: '/game/scene/intro',
      headers: { cookie: s.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toMatch(/cookie/i);
    const boot = bootOf(page.body);
    const api = {
      session: (await app.inject({ url: '/api/session', headers: { cookie: s.cookie } })).json(),
      game: (await play(app, s.cookie, 'GET', '/api/play/game')).json(),
      scene: (await play(app, s.cookie, 'GET', '/api/play/scenes/intro')).json(),
    };
    expect(boot).toEqual(api);
    expect(boot?.session.user?.isAnonymous).toBe(true);
    expect(page.body).not.toContain('SECRET');
  });

  it('gives a visitor without a session only that, and a missing scene no scene', async () => {
    const anon = await app.inject({ method: 'GET', url: '/game/scene/intro' });
    expect(bootOf(anon.body)).toEqual({ session: { user: null } });
    const s = await guestSession(app);
    const missing = await app.inject({
      method: 'GET',
      url: '/game/scene/no-such-scene',
      headers: { cookie: s.cookie },
    });
    const boot = bootOf(missing.body);
    expect(boot?.session.user).not.toBeNull();
    expect(boot?.scene).toBeUndefined();
    expect(boot?.game?.player.currentSceneId ?? null).toBeNull();
  });

  it('puts no boot data into other pages', async () => {
    const s = await guestSession(app);
    for (const url of ['/', '/auth', '/consultants', '/admin/scenes', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });
      expect(bootOf(res.body), url).toBeNull();
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('the boot data block', () => {
  it('cannot be closed or commented out by text inside it', () => {
    const title = '</script><script>alert(1)</script><!--';
    const tag = bootDataTag(
      { session: { user: null }, scene: { scene: { title } as never } },
      'n0nce',
    );
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
    expect(tag).not.toContain('<!--');
    const json = /<script[^>]*>([\s\S]*)<\/script>/.exec(tag)?.[1] ?? '';
    expect(JSON.parse(json).scene.scene.title).toBe(title);
  });
});
