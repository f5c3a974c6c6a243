import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DEFAULT_STATS, SAVE_DEFAULT_STATS } from '../../../../../core/game/stats.ts';
import { testEngines } from '../../../../../test/server/databases.ts';
import { newScene, openSceneKit, type SceneKit } from '../../../../../test/server/scene-kit.ts';
import { guestSession } from '../../../../../test/server/sessions.ts';

describe.each(testEngines)('admin scene routes on $name', (engine) => {
  let k: SceneKit;
  beforeAll(async () => {
    k = await openSceneKit(engine);
  });
  afterAll(() => k.close());

  it('refuses anonymous visitors (401), guests and players (403)', async () => {
    const guest = await guestSession(k.app);
    for (const [method, url] of [
      ['GET', '/api/admin/scenes'],
      ['POST', '/api/admin/scenes'],
      ['GET', '/api/admin/scenes/intro'],
      ['PUT', '/api/admin/scenes/intro'],
      ['DELETE', '/api/admin/scenes/intro'],
      ['POST', '/api/admin/scenes/intro/initial'],
      ['PUT', '/api/admin/scenes/intro/stats'],
      ['GET', '/api/admin/scene-stats/references'],
    ] as const) {
      expect((await k.call(method, url, undefined, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await k.call(method, url, undefined, k.player)).statusCode).toBe(403);
      expect((await k.call(method, url, undefined, guest)).statusCode).toBe(403);
    }
  });

  it('creates a scene, reads it back and refuses a taken id', async () => {
    const res = await k.call(
      'POST',
      '/api/admin/scenes',
      newScene('shop-front', {
        subtitle: 'Day 1',
        reference: 'admin note',
        day: 2,
        isEnding: true,
        htmlSection: '<b>hi</b>',
        aiInstructions: 'Be funny',
        imageUrl: `/uploads/${'a'.repeat(64)}.png`,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { scene, options } = res.json();
    expect(scene).toMatchObject({
      id: 'shop-front',
      title: 'Scene shop-front',
      subtitle: 'Day 1',
      reference: 'admin note',
      day: 2,
      isEnding: true,
      isEndOfDay: false,
      isStart: false,
      htmlSection: '<b>hi</b>',
      aiInstructions: 'Be funny',
      statsConfig: null,
    });
    expect(options).toEqual([]);
    const read = await k.call('GET', '/api/admin/scenes/shop-front');
    expect(read.json().scene.title).toBe('Scene shop-front');

    const again = await k.call('POST', '/api/admin/scenes', newScene('shop-front'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Scene ID already exists in the database');
  });

  it('gives the spec messages for a missing id or title and a bad day', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ id: '', title: 'T' }, 'Scene must have an ID'],
      [{ id: '   ', title: 'T' }, 'Scene must have an ID'],
      [{ id: 'ok-id', title: '  ' }, 'Scene must have a title'],
      [{ id: 'ok-id', title: 'T', day: 0 }, 'Game day must be a whole number of at least 1'],
      [{ id: 'has space', title: 'T' }, 'Scene ID may only use letters, digits'],
      [{ id: 'pending-x', title: 'T' }, "Scene ID cannot start with 'pending-'"],
      [{ id: 'ok-id', title: 'T', imageUrl: 'javascript:alert(1)' }, 'Image must be'],
    ];
    for (const [body, message] of cases) {
      const res = await k.call('POST', '/api/admin/scenes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const update = await k.call('PUT', '/api/admin/scenes/shop-front', { title: '' });
    expect(update.json().message).toContain('Scene must have a title');
  });

  it('updates a scene, and 404s with the spec wording for a missing one', async () => {
    const res = await k.call('PUT', '/api/admin/scenes/shop-front', {
      title: 'The Shop Front',
      description: 'New text',
      day: null,
      isEndOfDay: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scene).toMatchObject({
      title: 'The Shop Front',
      description: 'New text',
      subtitle: null,
      day: null,
      isEndOfDay: true,
      isEnding: false,
    });
    const missing = await k.call('PUT', '/api/admin/scenes/nope', { title: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The scene "nope" could not be found');
    expect((await k.call('GET', '/api/admin/scenes/nope')).statusCode).toBe(404);
  });

  it('lists by title with a count, searches title, description and id, and paginates', async () => {
    for (const id of ['alpha', 'bravo', 'charlie', 'delta']) {
      await k.call('POST', '/api/admin/scenes', {
        id,
        title: `${id.toUpperCase()} title`,
        description: id === 'delta' ? 'Contains 100%_proof text' : 'plain',
      });
    }
    const all = (await k.call('GET', '/api/admin/scenes?pageSize=100')).json();
    expect(all.total).toBe(5);
    expect(all.scenes.map((s: { id: string }) => s.id)).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'shop-front',
    ]);
    const search = async (q: string) =>
      (await k.call('GET', `/api/admin/scenes?q=${encodeURIComponent(q)}`)).json();
    expect((await search('bravo')).scenes.map((s: { id: string }) => s.id)).toEqual(['bravo']);
    expect((await search('Charlie TITLE')).total).toBe(1);
    expect((await search('new text')).scenes[0].id).toBe('shop-front');
    expect((await search('shop-fr')).total).toBe(1);
    // LIKE wildcards are literal: '%' and '_' only match themselves.
    expect((await search('100%_proof')).scenes.map((s: { id: string }) => s.id)).toEqual(['delta']);
    expect((await search('%')).total).toBe(1);
    expect((await search('zzz-nothing')).total).toBe(0);

    const page2 = (await k.call('GET', '/api/admin/scenes?page=2&pageSize=2')).json();
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.scenes.map((s: { id: string }) => s.id)).toEqual(['charlie', 'delta']);
    expect((await k.call('GET', '/api/admin/scenes?pageSize=1000')).statusCode).toBe(400);
  });

  it('keeps exactly one initial scene, also when two admins set one at once', async () => {
    const initialIds = async () =>
      (await k.call('GET', '/api/admin/scenes?pageSize=100'))
        .json()
        .scenes.filter((s: { isStart: boolean }) => s.isStart)
        .map((s: { id: string }) => s.id);
    expect((await k.call('POST', '/api/admin/scenes/alpha/initial')).statusCode).toBe(200);
    expect(await initialIds()).toEqual(['alpha']);
    await Promise.all(
      ['bravo', 'charlie', 'delta', 'bravo', 'alpha'].map((id) =>
        k.call('POST', `/api/admin/scenes/${id}/initial`),
      ),
    );
    expect(await initialIds()).toHaveLength(1);
    await k.call('POST', '/api/admin/scenes/charlie/initial');
    expect(await initialIds()).toEqual(['charlie']);

    // A new scene saved as initial takes the flag from the old one in its own transaction.
    await k.call('POST', '/api/admin/scenes', newScene('echo', { isStart: true }));
    expect(await initialIds()).toEqual(['echo']);
    // A missing scene changes nothing.
    expect((await k.call('POST', '/api/admin/scenes/ghost/initial')).statusCode).toBe(404);
    expect(await initialIds()).toEqual(['echo']);
  });

  it('saves stats, verifies them, and lists the latest configured scenes', async () => {
    const table = [
      ...ADMIN_DEFAULT_STATS.map((s) => ({ ...s })),
      { id: 'stat-1', name: 'New Stat', defaultValue: '7' },
    ];
    const res = await k.call('PUT', '/api/admin/scenes/bravo/stats', { statsConfig: table });
    expect(res.statusCode).toBe(200);
    expect(res.json().statsConfig).toHaveLength(8);
    expect(res.json().statsConfig[7]).toEqual({ id: 'stat-1', name: 'New Stat', defaultValue: 7 });
    // An empty table stores the spec's 'Defaults when saving a scene with no stats'.
    const empty = await k.call('PUT', '/api/admin/scenes/alpha/stats', { statsConfig: [] });
    expect(empty.json().statsConfig).toEqual(SAVE_DEFAULT_STATS);
    const bad = await k.call('PUT', '/api/admin/scenes/alpha/stats', {
      statsConfig: [
        { id: 'gold', name: 'Budget', defaultValue: 'lots' },
        { id: 'gold', name: 'Again', defaultValue: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Default value of Budget must be a number');
    expect(bad.json().message).toContain('Stat ID "gold" is used more than once');
    expect(
      (await k.call('PUT', '/api/admin/scenes/ghost/stats', { statsConfig: [] })).statusCode,
    ).toBe(404);

    const refs = (await k.call('GET', '/api/admin/scene-stats/references')).json().scenes;
    expect(refs.map((s: { id: string }) => s.id)).toEqual(['alpha', 'bravo']);
    expect(refs[1].title).toBe('BRAVO title');
    const excluding = (
      await k.call('GET', '/api/admin/scene-stats/references?exclude=alpha')
    ).json();
    expect(excluding.scenes.map((s: { id: string }) => s.id)).toEqual(['bravo']);

    // Saving the scene without statsConfig keeps the stats; with it, replaces them.
    await k.call('PUT', '/api/admin/scenes/bravo', { title: 'BRAVO title' });
    expect((await k.call('GET', '/api/admin/scenes/bravo')).json().scene.statsConfig).toHaveLength(
      8,
    );
    const withStats = await k.call('PUT', '/api/admin/scenes/bravo', {
      title: 'BRAVO title',
      statsConfig: [{ id: 'gold', name: 'Budget', defaultValue: 99 }],
    });
    expect(withStats.json().scene.statsConfig).toEqual([
      { id: 'gold', name: 'Budget', defaultValue: 99 },
    ]);
  });

  it('deletes a scene with its options', async () => {
    await k.call('POST', '/api/admin/scenes', {
      ...newScene('doomed'),
      options: [
        { text: 'Back', destinationType: 'scene', nextSceneId: 'alpha' },
        { text: 'Out', destinationType: 'url', nextUrl: 'https://example.com' },
      ],
    });
    const count = async () =>
      Number(
        (
          await k.db.db
            .selectFrom('scenario_choices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('scenario_id', '=', 'doomed')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(2);
    expect((await k.call('DELETE', '/api/admin/scenes/doomed')).statusCode).toBe(204);
    expect(await count()).toBe(0);
    expect((await k.call('GET', '/api/admin/scenes/doomed')).statusCode).toBe(404);
    expect((await k.call('DELETE', '/api/admin/scenes/doomed')).statusCode).toBe(404);
  });
});
