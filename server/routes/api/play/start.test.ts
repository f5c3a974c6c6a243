import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose } from '../../../../test/server/play-requests.ts';
import { cookieFrom, guestSession, nextAddress, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';
import { START_LIMIT } from './start.ts';

const fixture = playFixture();

describe.each(testEngines)('POST /api/play/start on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: fixture });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  /** The start screen's click as a browser sends it: its Origin, the cookie it has, one key. */
  const start = (
    opts: { cookie?: string; key?: string; address?: string; payload?: unknown } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/play/start',
      remoteAddress: opts.address ?? nextAddress(),
      headers: { origin: app.config.publicUrl, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      payload: opts.payload ?? { idempotencyKey: opts.key ?? randomUUID() },
    });

  const gamesOf = async (userId: string) =>
    (await d.db.selectFrom('players').select('user_id').where('user_id', '=', userId).execute())
      .length;

  it('makes a guest and a game for a new visitor, and answers the first scene with its options', async () => {
    const res = await start();
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);
    const body = res.json();
    expect(body.resumed).toBe(false);
    expect(body.session.user).toMatchObject({ isAnonymous: true, role: 'player', email: null });
    expect(body.game.player).toMatchObject({ currentSceneId: 'intro', choiceCount: 0 });
    expect(body.scene.scene.id).toBe('intro');
    expect(body.scene.scene.options.map((o: { id: string }) => o.id)).toContain('intro--learn');
    expect(body.fonts.fonts.title).toBeDefined();
    expect(Array.isArray(body.sponsors.sponsors)).toBe(true);
    expect(Array.isArray(body.news.items)).toBe(true);
    // The cookie is a real session: the game and the scene read as the answer said.
    const game = await app.inject({ method: 'GET', url: '/api/play/game', headers: { cookie } });
    expect(game.json().player).toEqual(body.game.player);
    const scene = await app.inject({
      method: 'GET',
      url: '/api/play/scenes/intro',
      headers: { cookie },
    });
    expect(scene.json()).toEqual(body.scene);
    // And the decision flow takes it from there.
    expect((await choose(app, cookie, 'intro--learn')).statusCode).toBe(200);
  });

  it('a double click (one key, sent twice at once) makes one guest and one game', async () => {
    const address = nextAddress();
    const key = randomUUID();
    const usersBefore = (await d.db.selectFrom('user').select('id').execute()).length;
    const [a, b] = await Promise.all([start({ key, address }), start({ key, address })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().session.user.id).toBe(b.json().session.user.id);
    expect(cookieFrom(a.headers['set-cookie'])).toBe(cookieFrom(b.headers['set-cookie']));
    const usersAfter = (await d.db.selectFrom('user').select('id').execute()).length;
    expect(usersAfter - usersBefore).toBe(1);
    expect(await gamesOf(a.json().session.user.id)).toBe(1);
    // The same key from another address is another visitor's: it never gets these cookies.
    const other = await start({ key });
    expect(other.json().session.user.id).not.toBe(a.json().session.user.id);
  });

  it('a double click with a session continues the one game', async () => {
    const s = await signUp(app);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      start({ cookie: s.cookie, key }),
      start({ cookie: s.cookie, key }),
    ]);
    expect(a.json()).toEqual(b.json());
    expect(a.headers['set-cookie']).toBeUndefined();
    expect(await gamesOf(s.userId)).toBe(1);
  });

  it('a signed-in player continues their game, never a new one', async () => {
    const s = await signUp(app);
    const first = await start({ cookie: s.cookie });
    expect(first.json()).toMatchObject({ resumed: false, session: { user: { id: s.userId } } });
    expect(first.json().session.user.isAnonymous).toBe(false);
    expect((await choose(app, s.cookie, 'intro--learn')).statusCode).toBe(200);
    const again = await start({ cookie: s.cookie });
    expect(again.statusCode).toBe(200);
    expect(again.json().resumed).toBe(true);
    expect(again.json().game.player).toMatchObject({ currentSceneId: 'shop', choiceCount: 1 });
    expect(again.json().scene.scene.id).toBe('shop');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await gamesOf(s.userId)).toBe(1);
  });

  it('a guest with a game continues it', async () => {
    const g = await guestSession(app);
    await app.inject({
      method: 'POST',
      url: '/api/play/game/start',
      headers: { cookie: g.cookie },
    });
    expect((await choose(app, g.cookie, 'intro--learn')).statusCode).toBe(200);
    const res = await start({ cookie: g.cookie });
    expect(res.json()).toMatchObject({
      resumed: true,
      session: { user: { id: g.userId, isAnonymous: true } },
      game: { player: { currentSceneId: 'shop', choiceCount: 1 } },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a body naming more than the key, or a key of the wrong shape, in words', async () => {
    const extra = await start({ payload: { idempotencyKey: randomUUID(), stats: { gold: 999 } } });
    expect(extra.statusCode).toBe(400);
    const bad = await start({ payload: { idempotencyKey: 'no spaces here!' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/idempotencyKey/);
  });

  it('refuses a cross-site page (the Origin rule)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/play/start',
      remoteAddress: nextAddress(),
      headers: { origin: 'https://evil.example' },
      payload: { idempotencyKey: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits how often one player starts, with the wait in words', async () => {
    const s = await signUp(app);
    for (let i = 0; i < START_LIMIT.perPlayer; i++) {
      expect((await start({ cookie: s.cookie })).statusCode).toBe(200);
    }
    const refused = await start({ cookie: s.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many starts just now; try again in /);
  });
});
