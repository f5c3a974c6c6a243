import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATS } from '../../../../core/game/stats.ts';
import { initialStats } from '../../../../core/game/stats-config.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

const fixture = playFixture();
const introStats = initialStats(fixture.scenes[0]!.stats_config);

describe.each(testEngines)('game routes on $name', (engine) => {
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

  it('GET /game shows a new game without creating anything', async () => {
    const s = await guestSession(app);
    const res = await play(app, s.cookie, 'GET', '/api/play/game');
    expect(res.statusCode).toBe(200);
    expect(res.json().player).toEqual({
      currentSceneId: null,
      currentSceneTitle: null,
      stats: introStats,
      hasProgress: false,
      isGuest: true,
      sceneCount: 0,
      choiceCount: 0,
      finished: false,
      searchPosition: null,
      recap: null,
    });
    const rows = await d.db
      .selectFrom('players')
      .select('user_id')
      .where('user_id', '=', s.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('start puts the player on the start scene with its stats_config (zeros elsewhere)', async () => {
    const s = await signUp(app);
    const res = await play(app, s.cookie, 'POST', '/api/play/game/start');
    expect(res.statusCode).toBe(200);
    expect(res.json().player).toMatchObject({
      currentSceneId: 'intro',
      currentSceneTitle: 'The Shop Opens',
      hasProgress: true,
      isGuest: false,
      sceneCount: 1,
      choiceCount: 0,
    });
    expect(res.json().player.stats).toEqual({ ...introStats });
    expect(res.json().player.stats).toMatchObject({
      health: 50,
      gold: 30,
      delusion: 0,
      revenue: 0,
    });
  });

  it('start clears progress; continue keeps it', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    await choose(app, s.cookie, 'intro--learn');
    const cont = (await play(app, s.cookie, 'POST', '/api/play/game/continue')).json();
    expect(cont.player).toMatchObject({ currentSceneId: 'shop', choiceCount: 1 });
    const fresh = (await play(app, s.cookie, 'POST', '/api/play/game/start')).json();
    expect(fresh.player).toMatchObject({ currentSceneId: 'intro', choiceCount: 0, sceneCount: 1 });
    expect(fresh.player.stats).toEqual(introStats);
  });

  it('continue without a saved game starts one', async () => {
    const s = await guestSession(app);
    const res = (await play(app, s.cookie, 'POST', '/api/play/game/continue')).json();
    expect(res.player).toMatchObject({ currentSceneId: 'intro', hasProgress: true });
  });

  it('sends players only the items they see; the position once revealed; an ending finished, with its recap', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const store = async (sceneId: string, inventory: string[]) => {
      const stats = JSON.stringify({ ...introStats, health: 60, inventory });
      await d.db
        .updateTable('players')
        .set({ current_scene_id: sceneId, stats })
        .where('user_id', '=', s.userId)
        .execute();
      return (await play(app, s.cookie, 'GET', '/api/play/game')).json().player;
    };
    const held = ['Flag: Clean Record', 'Lesson: Unique titles', 'Map', 'Bought: Links'];
    const playing = await store('intro', held);
    // Lessons are sent the moment they are learned (the stats panel lists them apart); story
    // flags never, purchases only in the ending's recap.
    expect(playing.stats.inventory).toEqual(['Lesson: Unique titles', 'Map']);
    expect(playing).toMatchObject({ finished: false, searchPosition: null, recap: null });
    const told = await store('intro', [...held, 'Flag: Position Revealed']);
    expect(told.searchPosition).toBe(18);
    expect(told.stats.inventory).toEqual(['Lesson: Unique titles', 'Map']);
    const ended = await store('the-end', held);
    expect(ended).toMatchObject({
      finished: true,
      searchPosition: 18,
      // Stored by hand, not played: no logged decision dates the lesson.
      recap: { lessons: ['Unique titles'], bought: ['Links'], lessonDays: {} },
    });
    expect(JSON.stringify(ended)).not.toContain('Clean Record');
  });

  it('shows a null title when the saved scene was deleted', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    await d.db
      .updateTable('players')
      .set({ current_scene_id: 'gone' })
      .where('user_id', '=', s.userId)
      .execute();
    const res = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(res.player).toMatchObject({
      currentSceneId: 'gone',
      currentSceneTitle: null,
      hasProgress: true,
    });
    // Choices then work on the fallback scene the browser was sent to.
    const moved = await choose(app, s.cookie, 'intro--learn');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().nextSceneId).toBe('shop');
  });

  it('explains a deleted saved scene and continues at the nearest scene on the player’s path', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    expect((await choose(app, s.cookie, 'intro--learn')).statusCode).toBe(200);
    expect((await choose(app, s.cookie, 'shop--loop')).json().nextSceneId).toBe('loop');
    // The authors delete 'loop' while the player stands on it.
    await d.db
      .updateTable('players')
      .set({ current_scene_id: 'loop-deleted' })
      .where('user_id', '=', s.userId)
      .execute();
    await d.db
      .updateTable('choice_log')
      .set({ next_scene_id: 'loop-deleted' })
      .where('player_id', '=', s.userId)
      .where('next_scene_id', '=', 'loop')
      .execute();
    const before = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(before.recovery).toEqual({
      reason: 'scene-removed',
      sceneId: 'shop',
      sceneTitle: expect.any(String),
    });
    const statsBefore = before.player.stats;
    const version = () =>
      d.db
        .selectFrom('players')
        .select('version')
        .where('user_id', '=', s.userId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.version));
    const versionBefore = await version();
    const resumed = (await play(app, s.cookie, 'POST', '/api/play/game/continue')).json();
    // The move is a write of the game like a choice: a choice decided on the old scene loses.
    expect(await version()).toBe(versionBefore + 1);
    expect(resumed.player).toMatchObject({
      currentSceneId: 'shop',
      stats: statsBefore,
      choiceCount: 2,
    });
    expect(resumed.recovery).toBeNull();
    expect((await choose(app, s.cookie, 'shop--loop')).statusCode).toBe(200);
  });

  it('explains a saved scene that lost all its options and falls back to the start scene without a path', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    await d.db
      .insertInto('scenarios')
      .values({
        id: 'stranded',
        title: 'Stranded',
        is_end_of_day: false,
        is_ending: false,
        is_start: false,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await d.db
      .updateTable('players')
      .set({ current_scene_id: 'stranded' })
      .where('user_id', '=', s.userId)
      .execute();
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.recovery).toMatchObject({ reason: 'scene-changed', sceneId: 'intro' });
    const resumed = (await play(app, s.cookie, 'POST', '/api/play/game/continue')).json();
    expect(resumed.player.currentSceneId).toBe('intro');
    await d.db.deleteFrom('scenarios').where('id', '=', 'stranded').execute();
  });

  it('needs a session: 401 Authentication required', async () => {
    for (const [method, url] of [
      ['GET', '/api/play/game'],
      ['POST', '/api/play/game/start'],
      ['POST', '/api/play/game/continue'],
      ['GET', '/api/play/scenes/intro'],
      ['GET', '/api/play/scenes/intro/html'],
    ] as const) {
      const res = await play(app, null, method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Authentication required');
    }
  });
});

describe.each(testEngines)('game routes without scenes on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d);
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('start answers 404 with the spec’s message; GET /game gives the "Limits" rules default stats', async () => {
    const s = await guestSession(app);
    const res = await play(app, s.cookie, 'POST', '/api/play/game/start');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'No scenes found in the database. Please create a scene first.',
    );
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player.stats).toEqual({ ...DEFAULT_STATS, inventory: [] });
    const scene = await play(app, s.cookie, 'GET', '/api/play/scenes/intro');
    expect(scene.statusCode).toBe(404);
    expect(scene.json()).toMatchObject({ message: 'Scene intro not found', fallbackSceneId: null });
  });

  it('marks the first scene as start and gives it the default option when none is flagged', async () => {
    const at = new Date().toISOString();
    await d.db
      .insertInto('scenarios')
      .values({
        id: 'alpha',
        title: 'Alpha',
        subtitle: null,
        description: null,
        image_url: null,
        html_section: null,
        reference: null,
        ai_instructions: null,
        stats_config: null,
        day: 1,
        is_end_of_day: false,
        is_ending: false,
        is_start: false,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const s = await signUp(app);
    const res = await play(app, s.cookie, 'POST', '/api/play/game/start');
    expect(res.statusCode).toBe(200);
    expect(res.json().player.currentSceneId).toBe('alpha');
    expect(res.json().player.stats).toEqual({ ...DEFAULT_STATS, inventory: [] });
    const scene = (await play(app, s.cookie, 'GET', '/api/play/scenes/alpha')).json().scene;
    expect(scene.options).toHaveLength(1);
    expect(scene.options[0]).toMatchObject({
      text: 'Continue your adventure',
      nextSceneId: 'pending-next-scene',
      isPending: true,
    });
    const row = await d.db
      .selectFrom('scenarios')
      .select('is_start')
      .where('id', '=', 'alpha')
      .executeTakeFirst();
    expect(Boolean(row?.is_start)).toBe(true);
  });
});
