import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStatChanges } from '../../../../core/game/stats.ts';
import { initialStats, rebuildStats } from '../../../../core/game/stats-config.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

const fixture = playFixture();
const sceneOf = (id: string) => fixture.scenes.find((s) => s.id === id)!;
const optionOf = (sceneId: string, id: string) =>
  sceneOf(sceneId).options.find((o) => o.id === id)!;

describe.each(testEngines)('POST /api/play/choices on $name', (engine) => {
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

  async function newPlayer() {
    const s = await signUp(app);
    const res = await play(app, s.cookie, 'POST', '/api/play/game/start');
    expect(res.statusCode).toBe(200);
    return s;
  }

  it('applies the option as core says: changes, 5-gold default cost, next scene checkpoint', async () => {
    const s = await newPlayer();
    const start = initialStats(sceneOf('intro').stats_config);
    expect(start).toMatchObject({
      health: 50,
      strength: 10,
      intelligence: 5,
      gold: 30,
      delusion: 0,
    });
    const res = await choose(app, s.cookie, 'intro--learn');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = rebuildStats(
      sceneOf('shop').stats_config,
      applyStatChanges(start, optionOf('intro', 'intro--learn').stats_changes),
    );
    expect(body.nextSceneId).toBe('shop');
    expect(body.player.stats).toEqual(expected);
    expect(body.player.stats.intelligence).toBe(10);
    expect(body.player.stats.gold).toBe(25);
    expect(body.player).toMatchObject({ currentSceneId: 'shop', currentSceneTitle: 'Scene shop' });
    expect(body.player).toMatchObject({ choiceCount: 1, sceneCount: 2, hasProgress: true });
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player.stats).toEqual(expected);
    expect(game.player.currentSceneId).toBe('shop');
  });

  it('keeps inventory, honours gold: 0 and rebuilds from the next scene’s stats_config', async () => {
    const s = await newPlayer();
    const free = (await choose(app, s.cookie, 'intro--free')).json();
    expect(free.player.stats.gold).toBe(30);
    expect(free.player.stats.strength).toBe(13);
    expect(free.player.stats.inventory).toEqual(['Map']);
    const map = (await choose(app, s.cookie, 'shop--map')).json();
    expect(map.player.stats.inventory).toEqual([]);
    await choose(app, s.cookie, 'loop--shop');
    const cp = (await choose(app, s.cookie, 'shop--checkpoint')).json();
    expect(cp.nextSceneId).toBe('checkpoint');
    expect(cp.player.stats.gold).toBe(100);
  });

  it('refuses a body with stat values (400) and changes nothing', async () => {
    const s = await newPlayer();
    const before = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    const res = await choose(app, s.cookie, 'intro--learn', undefined, { stats: { gold: 9999 } });
    expect(res.statusCode).toBe(400);
    const res2 = await choose(app, s.cookie, 'intro--learn', undefined, { gold: 9999 });
    expect(res2.statusCode).toBe(400);
    const after = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(after).toEqual(before);
  });

  it('refuses an option of another scene with 409 and changes nothing', async () => {
    const s = await newPlayer();
    const before = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    const res = await choose(app, s.cookie, 'shop--loop');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'wrong-scene',
      message: 'This option is not part of your current scene',
    });
    expect((await choose(app, s.cookie, 'no-such-option')).statusCode).toBe(409);
    expect((await play(app, s.cookie, 'GET', '/api/play/game')).json()).toEqual(before);
    const log = await d.db
      .selectFrom('choice_log')
      .select('id')
      .where('player_id', '=', s.userId)
      .execute();
    expect(log).toHaveLength(0);
  });

  it('returns the same answer for a replayed key and applies it once', async () => {
    const s = await newPlayer();
    const key = 'replay-key-0001';
    const first = await choose(app, s.cookie, 'intro--learn', key);
    const second = await choose(app, s.cookie, 'intro--learn', key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player.stats.gold).toBe(25);
    expect(game.player.choiceCount).toBe(1);
    const other = await choose(app, s.cookie, 'shop--loop', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('key-reused');
  });

  it('carries the next scene as the player now sees it, so no second request is needed', async () => {
    const s = await newPlayer();
    const res = (await choose(app, s.cookie, 'intro--free')).json();
    const read = (await play(app, s.cookie, 'GET', '/api/play/scenes/shop')).json().scene;
    expect(res.nextScene).toEqual(read);
    // Locked against the new stats (the Map was just gained), and current.
    expect(res.nextScene).toMatchObject({ id: 'shop', isCurrent: true });
    expect(res.nextScene.options.find((o: { id: string }) => o.id === 'shop--map').locked).toBe(
      false,
    );
    // Not stored with the answer: the log keeps the answer without the scene.
    const [row] = await d.db
      .selectFrom('choice_log')
      .selectAll()
      .where('player_id', '=', s.userId)
      .execute();
    const stored = JSON.parse(String((row as unknown as { response: string }).response));
    expect(stored.nextSceneId).toBe('shop');
    expect(stored.nextScene).toBeUndefined();
  });

  it('answers a replayed key whose stored answer has an older shape with a rebuilt one', async () => {
    const s = await newPlayer();
    const key = 'old-shape-key-01';
    const first = (await choose(app, s.cookie, 'intro--learn', key)).json();
    const old = { ...first, show: { advertisement: { id: 'ad', cta_text: 'Old words' } } };
    delete old.nextScene;
    await sql`update choice_log set response = ${JSON.stringify(old)} where idempotency_key = ${key}`.execute(
      d.db,
    );
    const again = await choose(app, s.cookie, 'intro--learn', key);
    expect(again.statusCode).toBe(200);
    // Rebuilt from the log row: the same move and stats, without the stored extras.
    expect(again.json()).toMatchObject({ nextSceneId: 'shop' });
    expect(again.json().show).toEqual({});
    expect(first.changes).toBeDefined();
    expect(again.json().changes).toBeUndefined();
    expect(again.json().player.stats).toEqual(first.player.stats);
    expect(again.json().nextScene).toEqual(first.nextScene);
  });

  it('refuses locked, pending, dead-end and broken options with the spec’s words', async () => {
    const s = await newPlayer();
    const locked = await choose(app, s.cookie, 'intro--locked');
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'locked', message: 'Requires Knowledge 50' });
    const pending = await choose(app, s.cookie, 'intro--pending');
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: 'pending',
      message: 'This path is still being created. Try another option.',
    });
    const nowhere = await choose(app, s.cookie, 'intro--nowhere');
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json()).toMatchObject({
      code: 'no-destination',
      message: "This option doesn't lead anywhere yet.",
    });
    const broken = await choose(app, s.cookie, 'intro--broken');
    expect(broken.statusCode).toBe(409);
    expect(broken.json().code).toBe('no-destination');
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player).toMatchObject({ currentSceneId: 'intro', choiceCount: 0 });
  });

  it('locks an option that costs more than the budget, in the scene and on the choice', async () => {
    const s = await newPlayer();
    await choose(app, s.cookie, 'intro--learn'); // $25 left
    const shop = (await play(app, s.cookie, 'GET', '/api/play/scenes/shop')).json().scene;
    expect(shop.options.find((o: { id: string }) => o.id === 'shop--pricey')).toMatchObject({
      locked: true,
      lockedReason: 'Requires Budget $50',
    });
    const refused = await choose(app, s.cookie, 'shop--pricey');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Requires Budget $50');
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player).toMatchObject({ currentSceneId: 'shop', choiceCount: 1 });
    expect(game.player.stats.gold).toBe(25);
  });

  it('says what the choice changed: the option, the event and the next scene’s checkpoint', async () => {
    const s = await newPlayer();
    const learn = (await choose(app, s.cookie, 'intro--learn')).json();
    expect(learn.changes).toEqual({
      choice: {
        stats: [
          { stat: 'intelligence', delta: 5 },
          { stat: 'gold', delta: -5 },
        ],
        gained: [],
        lost: [],
      },
      event: null,
      arrival: { stats: [], gained: [], lost: [] },
      why: null,
    });
    const cp = (await choose(app, s.cookie, 'shop--checkpoint')).json();
    // The default 5-gold cost ($20), the 2nd choice's event ev-two (+$7 → $27), then the
    // checkpoint's Budget 100.
    expect(cp.changes.choice.stats).toEqual([{ stat: 'gold', delta: -5 }]);
    expect(cp.changes.event).toMatchObject({ title: 'A backlink' });
    expect(cp.changes.event.stats).toContainEqual({ stat: 'gold', delta: 7 });
    expect(cp.changes.arrival.stats).toEqual([{ stat: 'gold', delta: 73 }]);
    expect(cp.player.stats.gold).toBe(100);
  });

  it('answers an external URL option with the URL and records nothing', async () => {
    const s = await newPlayer();
    const res = await choose(app, s.cookie, 'intro--url');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'external', externalUrl: 'https://example.com/guide' });
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player).toMatchObject({ currentSceneId: 'intro', choiceCount: 0 });
  });

  it('takes choices on end-of-day scenes but none on endings', async () => {
    const s = await newPlayer();
    expect((await choose(app, s.cookie, 'intro--day')).statusCode).toBe(200);
    const next = await choose(app, s.cookie, 'd1-end--next');
    expect(next.statusCode).toBe(200);
    expect(next.json().nextSceneId).toBe('shop');
    const e = await newPlayer();
    expect((await choose(app, e.cookie, 'intro--end')).statusCode).toBe(200);
    const refused = await choose(app, e.cookie, 'the-end--again');
    expect(refused.statusCode).toBe(409);
    expect((await play(app, e.cookie, 'GET', '/api/play/game')).json().player.currentSceneId).toBe(
      'the-end',
    );
  });

  it('starts a player who never started on the start scene', async () => {
    const s = await signUp(app);
    const res = await choose(app, s.cookie, 'intro--learn');
    expect(res.statusCode).toBe(200);
    expect(res.json().player).toMatchObject({
      currentSceneId: 'shop',
      sceneCount: 2,
      choiceCount: 1,
    });
  });

  it('writes the choice log with the stats after, the key and the guest flag', async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const body = (await choose(app, s.cookie, 'intro--learn', 'log-key-00001')).json();
    const rows = await d.db
      .selectFrom('choice_log')
      .selectAll()
      .where('player_id', '=', s.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      scene_id: 'intro',
      option_id: 'intro--learn',
      next_scene_id: 'shop',
      idempotency_key: 'log-key-00001',
    });
    expect(Boolean(rows[0]!.is_guest)).toBe(true);
    expect(JSON.parse(rows[0]!.stats_after)).toEqual(body.player.stats);
  });

  it('needs a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/play/choices',
      payload: { optionId: 'intro--learn', idempotencyKey: 'no-session-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required');
  });
});
