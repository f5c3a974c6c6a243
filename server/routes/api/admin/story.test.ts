import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYTEST_HEADER, STORY_MESSAGES } from '../../../../core/api/story.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import {
  adminSession,
  guestSession,
  signUp,
  type TestSession,
} from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import { readContent } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';

/** Scenes of the demo adventure in content/ (the campaign grows; the tests follow it). */
const DEMO_SCENES = (await readContent()).scenes.length;

describe.each(testEngines)('story map and play-tests on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  const as = (s: TestSession, extra: Record<string, string> = {}) => ({
    cookie: s.cookie,
    origin: app.config.publicUrl,
    ...extra,
  });

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    admin = await adminSession(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('maps the demo adventure with no broken link, pending link, dead end or unreachable scene', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/story-map',
      headers: as(admin),
    });
    expect(res.statusCode).toBe(200);
    const map = res.json();
    expect(map.startId).toBe('intro');
    expect(map.scenes).toHaveLength(DEMO_SCENES);
    expect(map.scenes.filter((s: { isEnding: boolean }) => s.isEnding).length).toBeGreaterThan(1);
    expect(map.edges.length).toBeGreaterThan(100);
    expect({
      broken: map.broken,
      pending: map.pendingTargets,
      deadEnds: map.deadEnds,
      unreachable: map.unreachable,
    }).toEqual({ broken: [], pending: [], deadEnds: [], unreachable: [] });
  });

  it('flags a dangling option, a placeholder link and a new unreachable dead end', async () => {
    await db.db
      .insertInto('scenarios')
      .values({
        id: 'island',
        title: 'Island',
        is_end_of_day: false,
        is_ending: false,
        is_start: false,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    for (const [id, target] of [
      ['intro--dangling', 'no-such-scene'],
      ['intro--later', 'pending-the-beach'],
    ]) {
      await db.db
        .insertInto('scenario_choices')
        .values({
          id: id as string,
          scenario_id: 'intro',
          position: 99,
          text: `Go ${target}`,
          next_scenario_id: target as string,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const map = (
      await app.inject({ method: 'GET', url: '/api/admin/story-map', headers: as(admin) })
    ).json();
    expect(map.broken).toEqual(['intro--dangling']);
    expect(map.pendingTargets).toEqual(['pending-the-beach']);
    expect(map.unreachable).toEqual(['island']);
    expect(map.deadEnds).toEqual(['island']);
    const edge = map.edges.find((e: { id: string }) => e.id === 'intro--dangling');
    expect(edge).toMatchObject({ source: 'intro', target: 'no-such-scene', kind: 'broken' });
    await db.db.deleteFrom('scenario_choices').where('position', '=', 99).execute();
    await db.db.deleteFrom('scenarios').where('id', '=', 'island').execute();
  });

  it('refuses the map to guests and players', async () => {
    const guest = await guestSession(app);
    const player = await signUp(app);
    for (const s of [guest, player]) {
      const res = await app.inject({ method: 'GET', url: '/api/admin/story-map', headers: as(s) });
      expect(res.statusCode).toBe(403);
    }
  });

  it('plays a test game from a middle scene without touching the admin’s own game', async () => {
    const own = await app.inject({
      method: 'POST',
      url: '/api/play/game/start',
      headers: as(admin),
    });
    expect(own.json().player.currentSceneId).toBe('intro');

    const started = await app.inject({
      method: 'POST',
      url: '/api/admin/playtests',
      headers: as(admin),
      payload: { sceneId: 'd2-content-plan', stats: { gold: 1234, intelligence: 7 } },
    });
    expect(started.statusCode).toBe(201);
    const test = started.json();
    expect(test).toMatchObject({ sceneId: 'd2-content-plan' });
    expect(test.playtestId).toMatch(/^playtest-/);
    expect(test.stats).toMatchObject({ gold: 1234, intelligence: 7 });

    const header = { [PLAYTEST_HEADER]: test.playtestId };
    const game = await app.inject({
      method: 'GET',
      url: '/api/play/game',
      headers: as(admin, header),
    });
    expect(game.json().player).toMatchObject({
      currentSceneId: 'd2-content-plan',
      stats: expect.objectContaining({ gold: 1234, intelligence: 7 }),
    });
    const scene = await app.inject({
      method: 'GET',
      url: '/api/play/scenes/d2-content-plan',
      headers: as(admin, header),
    });
    const optionId = scene.json().scene.options[0].id;
    const chosen = await app.inject({
      method: 'POST',
      url: '/api/play/choices',
      headers: as(admin, header),
      payload: { optionId, idempotencyKey: randomUUID() },
    });
    expect(chosen.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/play/game',
      headers: as(admin, header),
    });
    expect(after.json().player.choiceCount).toBe(1);

    const mine = await app.inject({ method: 'GET', url: '/api/play/game', headers: as(admin) });
    expect(mine.json().player).toMatchObject({ currentSceneId: 'intro', choiceCount: 0 });
    const row = await db.db
      .selectFrom('players')
      .select(['test_owner_id'])
      .where('user_id', '=', test.playtestId)
      .executeTakeFirstOrThrow();
    expect(row.test_owner_id).toBe(admin.userId);
  });

  it('starts a play-test with the items and story flags chosen, so gated options can be tried', async () => {
    // d2-coverage offers two options, each gated on a story flag set earlier in the story.
    const optionsWith = async (inventory?: string[]) => {
      const started = await app.inject({
        method: 'POST',
        url: '/api/admin/playtests',
        headers: as(admin),
        payload: { sceneId: 'd2-coverage', ...(inventory ? { inventory } : {}) },
      });
      expect(started.statusCode).toBe(201);
      const header = { [PLAYTEST_HEADER]: started.json().playtestId };
      const scene = await app.inject({
        method: 'GET',
        url: '/api/play/scenes/d2-coverage',
        headers: as(admin, header),
      });
      const game = await app.inject({
        method: 'GET',
        url: '/api/play/game',
        headers: as(admin, header),
      });
      return {
        texts: (scene.json().scene.options as { text: string }[]).map((o) => o.text),
        inventory: game.json().player.stats.inventory as string[],
      };
    };
    expect((await optionsWith()).texts).toEqual([]);
    const flagged = await optionsWith(['Flag: Crawlable Shop', 'Flag: Crawlable Shop', 'Map']);
    expect(flagged.texts).toHaveLength(1);
    expect(flagged.texts[0]).toMatch(/^'Indexed: 38 pages\.'/);
    // The flag opened the option; the play-test shows the inventory as a player sees it.
    expect(flagged.inventory).toEqual(['Map']);

    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/playtests',
      headers: as(admin),
      payload: { sceneId: 'd2-coverage', inventory: ['  '] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps play-test games to their admin and prunes old ones with their log', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/playtests',
        headers: as(admin),
        payload: { sceneId: 'intro' },
      });
      ids.push(res.json().playtestId);
    }
    const kept = await db.db
      .selectFrom('players')
      .select('user_id')
      .where('test_owner_id', '=', admin.userId)
      .execute();
    expect(kept.map((r) => r.user_id).sort()).toEqual(ids.slice(1).sort());
    const orphans = await db.db
      .selectFrom('choice_log')
      .select('id')
      .where('player_id', 'like', 'playtest-%')
      .where('player_id', 'not in', ids.slice(1))
      .execute();
    expect(orphans).toEqual([]);

    const guest = await guestSession(app);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/play/game',
      headers: as(guest, { [PLAYTEST_HEADER]: ids[3] as string }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STORY_MESSAGES.playtestAdminOnly);
    const gone = await app.inject({
      method: 'GET',
      url: '/api/play/game',
      headers: as(admin, { [PLAYTEST_HEADER]: ids[0] as string }),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(STORY_MESSAGES.playtestNotFound);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/playtests',
      headers: as(admin),
      payload: { sceneId: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
  });
  it('starts a play-test of a scene without stats as an arriving player, not with invented stats', async () => {
    const post = (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, headers: as(admin), payload: payload as object });
    const fresh = await signUp(app);
    const game = await app.inject({
      method: 'POST',
      url: '/api/play/game/start',
      headers: as(fresh),
    });
    const { inventory: _i, ...starting } = game.json().player.stats;
    for (const [id, extra] of [
      ['pt-nook', {}],
      ['pt-after', {}],
      [
        'pt-check',
        {
          statsConfig: [{ id: 'gold', name: 'Budget', defaultValue: 7 }],
          options: [{ text: 'Walk on', destinationType: 'scene', nextSceneId: 'pt-after' }],
        },
      ],
    ] as const) {
      const made = await post('/api/admin/scenes', { id, title: id, description: 'x', ...extra });
      expect(made.statusCode).toBe(201);
    }
    const statsAt = async (sceneId: string) =>
      (await post('/api/admin/playtests', { sceneId })).json().stats;
    // Nothing leads to it: the game's starting stats, as a new player has them.
    expect(await statsAt('pt-nook')).toMatchObject(starting);
    // After a checkpoint: the checkpoint's Budget over the starting stats.
    expect(await statsAt('pt-after')).toMatchObject({ ...starting, gold: 7 });
  });
});
