import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYTEST_HEADER } from '../../../../core/api/story.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import {
  adminSession,
  guestSession,
  signUp,
  type TestSession,
} from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

const today = new Date().toISOString().slice(0, 10);

describe.each(testEngines)('analytics on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: playFixture() });
    admin = await adminSession(app);

    const g1 = await guestSession(app);
    const g2 = await guestSession(app);
    const p1 = await signUp(app);
    for (const s of [g1, g2, p1]) await play(app, s.cookie, 'POST', '/api/play/game/start');
    for (const [s, option] of [
      [g1, 'intro--learn'],
      [g1, 'shop--loop'],
      [g2, 'intro--learn'],
      [p1, 'intro--free'],
    ] as const) {
      expect((await choose(app, s.cookie, option)).statusCode).toBe(200);
    }
    // An admin's play-test: never counted.
    const test = await app.inject({
      method: 'POST',
      url: '/api/admin/playtests',
      headers: { cookie: admin.cookie, origin: app.config.publicUrl },
      payload: { sceneId: 'intro' },
    });
    const tested = await app.inject({
      method: 'POST',
      url: '/api/play/choices',
      headers: { cookie: admin.cookie, [PLAYTEST_HEADER]: test.json().playtestId },
      payload: { optionId: 'intro--learn', idempotencyKey: randomUUID() },
    });
    expect(tested.statusCode).toBe(200);
    // An old choice of g2, outside a range starting today.
    await db.db
      .insertInto('choice_log')
      .values({
        id: randomUUID(),
        player_id: g2.userId,
        scene_id: 'shop',
        option_id: 'shop--checkpoint',
        next_scene_id: 'checkpoint',
        stats_after: '{}',
        idempotency_key: randomUUID(),
        is_guest: true,
        event_id: null,
        created_at: '2020-01-01T10:00:00.000Z',
      })
      .execute();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('counts people and choices, guests apart, play-tests left out, within the date range', async () => {
    const all = (await get('/api/admin/analytics')).json();
    expect(all.people).toEqual({ guests: 2, players: 1 });
    expect(all.choices).toEqual({ guests: 4, players: 1 });
    expect(all.perDay).toEqual([
      { day: '2020-01-01', guests: 1, players: 0 },
      { day: today, guests: 3, players: 1 },
    ]);
    const recent = (await get(`/api/admin/analytics?from=${today}&to=${today}`)).json();
    expect(recent.choices).toEqual({ guests: 3, players: 1 });
    const old = (await get('/api/admin/analytics?from=2019-12-31&to=2020-01-01')).json();
    expect(old.choices).toEqual({ guests: 1, players: 0 });

    const row = (id: string) => recent.scenes.find((s: { sceneId: string }) => s.sceneId === id);
    expect(row('intro')).toMatchObject({
      reached: { guests: 2, players: 1 },
      stopped: { guests: 0, players: 0 },
    });
    // Reached counts a player on the day they first reached the scene: g2 reached the shop in 2020.
    expect(row('shop')).toMatchObject({
      reached: { guests: 1, players: 1 },
      stopped: { guests: 1, players: 1 },
    });
    const shopEver = all.scenes.find((s: { sceneId: string }) => s.sceneId === 'shop');
    expect(shopEver.reached).toEqual({ guests: 2, players: 1 });
    expect(row('loop')).toMatchObject({
      reached: { guests: 1, players: 0 },
      stopped: { guests: 1, players: 0 },
    });
    expect(recent.endings.map((e: { sceneId: string }) => e.sceneId)).toEqual(['the-end']);
  });

  it("gives a scene's option pick rates and the stats players arrived with", async () => {
    const intro = (await get(`/api/admin/analytics/scenes/intro?from=${today}`)).json();
    const pick = (id: string) => intro.options.find((o: { optionId: string }) => o.optionId === id);
    expect(pick('intro--learn')).toMatchObject({ picks: { guests: 2, players: 0 }, rate: 0.667 });
    expect(pick('intro--free')).toMatchObject({ picks: { guests: 0, players: 1 }, rate: 0.333 });
    expect(pick('intro--end')).toMatchObject({ picks: { guests: 0, players: 0 }, rate: 0 });

    const shop = (await get('/api/admin/analytics/scenes/shop')).json();
    const gold = shop.stats.find((s: { key: string }) => s.key === 'gold');
    expect(gold.count).toBe(3);
    expect(gold.min).toBeLessThanOrEqual(gold.median);
    expect(gold.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(3);

    expect((await get('/api/admin/analytics/scenes/nope')).statusCode).toBe(404);
    const bad = await get('/api/admin/analytics?from=2026-02-30x');
    expect(bad.statusCode).toBe(400);
    const reversed = await get('/api/admin/analytics?from=2026-02-02&to=2026-01-01');
    expect(reversed.json().message).toContain('The start date must not be after the end date');
  });
});
