import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootData } from '../../core/api/boot.ts';
import { servedText } from '../../scripts/bench/routes.ts';
import { testEngines } from '../../test/server/databases.ts';
import { playFixture } from '../../test/server/play-fixture.ts';
import { play } from '../../test/server/play-requests.ts';
import { adminSession, guestSession } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { bootDataTag } from './boot-data.ts';

/** The words a reader of the served HTML gets (no scripts, no tags), on one line. */
const textOf = (html: string) => servedText(html).replace(/\s+/g, ' ');

/** The boot data block of a served page, parsed. */
function bootOf(html: string): BootData | null {
  const m =
    /<script type="application\/json" id="boot-data" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] ?? '') as BootData) : null;
}

describe.each(testEngines)(
  'pages rendered on the server, and their boot data, on $name',
  (engine) => {
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

    it('gives a scene page the session, game, scene, sponsors and fonts exactly as the API answers them', async () => {
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
      const { router, ...boot } = bootOf(page.body) ?? {};
      const get = async (url: string) => (await play(app, s.cookie, 'GET', url)).json();
      const api = {
        session: (await app.inject({ url: '/api/session', headers: { cookie: s.cookie } })).json(),
        game: await get('/api/play/game'),
        scene: await get('/api/play/scenes/intro'),
        news: await get('/api/play/news'),
        sponsors: await get('/api/play/sponsors'),
        fonts: await get('/api/play/settings/fonts'),
      };
      expect(boot).toEqual(api);
      expect(router?.errors).toBeNull();
      expect(boot.session?.user?.isAnonymous).toBe(true);
      expect(page.body).not.toContain('SECRET');
    });

    it('gives a visitor without a session only that, and a missing scene no scene', async () => {
      const anon = await app.inject({ method: 'GET', url: '/game/scene/intro' });
      const { session, game, scene } = bootOf(anon.body) ?? {};
      expect({ session, game, scene }).toEqual({ session: { user: null } });
      const s = await guestSession(app);
      const missing = await app.inject({
        method: 'GET',
        url: '/game/scene/no-such-scene',
        headers: { cookie: s.cookie },
      });
      expect(missing.statusCode).toBe(404);
      const boot = bootOf(missing.body);
      expect(boot?.session?.user).not.toBeNull();
      expect(boot?.scene).toBeUndefined();
      expect(boot?.game?.player.currentSceneId ?? null).toBeNull();
    });

    it('gives public pages their texts as the API answers them, and never the session', async () => {
      const s = await guestSession(app);
      const pageOf = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });
        expect(res.headers['cache-control'], url).toBe('no-cache');
        const boot = bootOf(res.body);
        expect(boot?.session, url).toBeUndefined();
        return boot;
      };
      const api = async (url: string) => (await app.inject({ url })).json();
      expect((await pageOf('/'))?.pages).toEqual({ home: await api('/api/pages/home') });
      expect((await pageOf('/page/about'))?.pages).toEqual({
        about: await api('/api/pages/about'),
      });
      expect((await pageOf('/consultants'))?.consultants).toEqual(await api('/api/consultants'));
      expect((await pageOf('/auth'))?.news).toEqual(await api('/api/play/news'));
      const adminPage = await app.inject({ method: 'GET', url: '/admin/scenes' });
      expect(bootOf(adminPage.body)).toBeNull();
    });

    it("gives the start screen of a visitor without a session the new game a start makes, and nobody else's", async () => {
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.headers.vary).toMatch(/cookie/i);
      const ahead = bootOf(home.body)?.newGame;
      expect(ahead?.scene.scene.nextInterruption).toEqual({ kind: 'maybe' });
      expect(home.body).not.toContain('session_token');
      const started = await app.inject({
        method: 'POST',
        url: '/api/play/start',
        headers: { origin: app.config.publicUrl },
        payload: { idempotencyKey: 'boot-data-new-game' },
      });
      const answer = started.json();
      const forecastless = (scene: { scene: object }) => ({
        scene: { ...scene.scene, nextInterruption: null, choiceMayInterrupt: false },
      });
      // What the visitor sees is what the start answers: scene, options, locks, stats.
      expect(ahead?.game).toEqual(answer.game);
      expect(forecastless(ahead?.scene ?? { scene: {} })).toEqual(forecastless(answer.scene));
      expect({ ...ahead, game: null, scene: null }).toEqual({
        game: null,
        scene: null,
        sponsors: answer.sponsors,
        fonts: answer.fonts,
        news: answer.news,
      });
      // A visitor with a session continues their own game: their start screen carries none.
      const s = await guestSession(app);
      const own = await app.inject({ method: 'GET', url: '/', headers: { cookie: s.cookie } });
      expect(bootOf(own.body)?.newGame).toBeUndefined();
    });

    it("follows the admin's start scene", async () => {
      const setStart = async (id: string) => {
        await d.db.updateTable('scenarios').set({ is_start: false }).execute();
        await d.db.updateTable('scenarios').set({ is_start: true }).where('id', '=', id).execute();
      };
      await setStart('checkpoint');
      try {
        const home = await app.inject({ method: 'GET', url: '/' });
        const ahead = bootOf(home.body)?.newGame;
        expect(ahead?.game.player.currentSceneId).toBe('checkpoint');
        expect(ahead?.scene.scene.id).toBe('checkpoint');
      } finally {
        await setStart('intro');
      }
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(bootOf(home.body)?.newGame?.scene.scene.id).toBe('intro');
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

    it("serves the consultants' names and a footer page's text in the HTML", async () => {
      await app.inject({
        method: 'POST',
        url: '/api/consultants',
        payload: { name: 'Pending Pat', contactEmail: 'pat@example.com', specialty: 'Links' },
      });
      const admin = await adminSession(app);
      const added = await app.inject({
        method: 'POST',
        url: '/api/admin/consultants',
        headers: { cookie: admin.cookie },
        payload: {
          name: 'Ada Crawley',
          contactEmail: 'ada@example.com',
          specialty: 'Crawl budgets',
        },
      });
      expect(added.statusCode).toBe(201);
      const listed = (await app.inject({ url: '/api/consultants' })).json().consultants as {
        name: string;
      }[];
      expect(listed.map((c) => c.name)).toContain('Ada Crawley');
      const directory = textOf((await app.inject({ method: 'GET', url: '/consultants' })).body);
      expect(directory).toContain('The SEO Experts');
      for (const c of listed) expect(directory).toContain(c.name);
      expect(directory).not.toContain('Pending Pat');
      const about = (await app.inject({ url: '/api/pages/about' })).json().content as {
        body?: string;
      };
      const page = textOf((await app.inject({ method: 'GET', url: '/page/about' })).body);
      for (const paragraph of (about.body ?? 'About').split(/\n\s*\n/)) {
        expect(page).toContain(paragraph.replace(/\s+/g, ' ').trim());
      }
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
  },
);

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
