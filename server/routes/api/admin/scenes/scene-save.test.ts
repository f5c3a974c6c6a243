import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../../test/server/databases.ts';
import { newScene, openSceneKit, type SceneKit } from '../../../../../test/server/scene-kit.ts';

const go = (text: string, nextSceneId: string, extra: Record<string, unknown> = {}) => ({
  text,
  destinationType: 'scene',
  nextSceneId,
  ...extra,
});

describe.each(testEngines)('whole-scene saves, conflicts and safe deletes on $name', (engine) => {
  let k: SceneKit;
  beforeAll(async () => {
    k = await openSceneKit(engine);
    for (const id of ['hub', 'shop', 'cafe']) {
      expect((await k.call('POST', '/api/admin/scenes', newScene(id))).statusCode).toBe(201);
    }
  });
  afterAll(() => k.close());

  it('answers a save from an older version with 409 and the scene as it is now', async () => {
    const { scene } = (await k.call('GET', '/api/admin/scenes/shop')).json();
    expect(scene.version).toBe(1);
    const a = await k.call('PUT', '/api/admin/scenes/shop', {
      title: scene.title,
      subtitle: 'Tab A',
      description: scene.description,
      version: 1,
    });
    expect(a.statusCode).toBe(200);
    expect(a.json().scene).toMatchObject({ subtitle: 'Tab A', version: 2 });

    const b = await k.call('PUT', '/api/admin/scenes/shop', {
      title: scene.title,
      description: 'Tab B',
      version: 1,
    });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      message: 'Someone else saved this scene after you opened it',
      current: { scene: { subtitle: 'Tab A', version: 2 } },
    });
    // Nothing of B's save was written.
    const now = (await k.call('GET', '/api/admin/scenes/shop')).json().scene;
    expect(now).toMatchObject({ subtitle: 'Tab A', description: 'About shop', version: 2 });

    // 'Keep mine': the same edit sent from the version B has now seen goes through.
    const keep = await k.call('PUT', '/api/admin/scenes/shop', {
      title: scene.title,
      description: 'Tab B',
      version: 2,
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().scene.version).toBe(3);
  });

  it('saves fields, stats and the whole option list in one request', async () => {
    const first = await k.call('PUT', '/api/admin/scenes/hub', {
      title: 'The Hub',
      subtitle: 'Start here',
      statsConfig: [{ id: 'gold', name: 'Budget', defaultValue: 777 }],
      options: [go('To the shop', 'shop', { statChanges: { gold: -3 } }), go('Cafe', 'cafe')],
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json();
    expect(saved.scene).toMatchObject({ subtitle: 'Start here', title: 'The Hub' });
    expect(saved.scene.statsConfig).toEqual([{ id: 'gold', name: 'Budget', defaultValue: 777 }]);
    expect(saved.options).toMatchObject([
      { text: 'To the shop', nextSceneId: 'shop', statChanges: { gold: -3 }, position: 0 },
      { text: 'Cafe', nextSceneId: 'cafe', position: 1 },
    ]);

    // Rewrite the second by id, add a placeholder first, drop the shop option.
    const [, cafe] = saved.options;
    const second = await k.call('PUT', '/api/admin/scenes/hub', {
      title: 'The Hub',
      version: saved.scene.version,
      options: [
        go('Later', 'A new place', { isPlaceholder: true }),
        go('Coffee', 'cafe', { id: cafe.id }),
      ],
    });
    expect(second.statusCode).toBe(200);
    const after = second.json();
    expect(after.options).toMatchObject([
      { text: 'Later', nextSceneId: 'pending-a-new-place', isPending: true, position: 0 },
      { id: cafe.id, text: 'Coffee', position: 1 },
    ]);
    expect(after.options).toHaveLength(2);
    // Stats left out of the save are kept.
    expect(after.scene.statsConfig).toEqual(saved.scene.statsConfig);
  });

  it('saves beside an option that leads to a missing scene, and marks that option broken', async () => {
    const before = (await k.call('GET', '/api/admin/scenes/cafe')).json().scene;
    const res = await k.call('PUT', '/api/admin/scenes/cafe', {
      title: 'Renamed',
      version: before.version,
      options: [go('Fine', 'hub'), go('Nope', 'ghost-scene')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scene.title).toBe('Renamed');
    expect(res.json().options).toMatchObject([
      { nextSceneId: 'hub', isBroken: false },
      { nextSceneId: 'ghost-scene', isBroken: true },
    ]);
    // Put the scene back as the later tests expect it.
    await k.call('PUT', '/api/admin/scenes/cafe', {
      title: before.title,
      version: res.json().scene.version,
      options: [],
    });
  });

  it('raises the version when a single option changes, so an open editor hears of it', async () => {
    const before = (await k.call('GET', '/api/admin/scenes/cafe')).json().scene;
    const add = await k.call('POST', '/api/admin/scenes/cafe/options', go('Back', 'hub'));
    expect(add.statusCode).toBe(201);
    const stale = await k.call('PUT', '/api/admin/scenes/cafe', {
      title: before.title,
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('names the options that lead to a scene and turns them into placeholders on delete', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('pro-shoot'));
    await k.call('POST', '/api/admin/scenes', newScene('studio'));
    await k.call('POST', '/api/admin/scenes/studio/options', go('Book the pro shoot', 'pro-shoot'));
    await k.call('POST', '/api/admin/scenes/shop/options', go('Hire a photographer', 'pro-shoot'));

    const incoming = await k.call('GET', '/api/admin/scenes/pro-shoot/incoming');
    expect(incoming.statusCode).toBe(200);
    expect(incoming.json().links).toMatchObject([
      { sceneId: 'shop', sceneTitle: 'Scene shop', optionText: 'Hire a photographer' },
      { sceneId: 'studio', sceneTitle: 'Scene studio', optionText: 'Book the pro shoot' },
    ]);

    const del = await k.call('DELETE', '/api/admin/scenes/pro-shoot?links=placeholder');
    expect(del.statusCode).toBe(204);
    const studio = (await k.call('GET', '/api/admin/scenes/studio/options')).json().options;
    expect(studio[0]).toMatchObject({
      nextSceneId: 'pending-pro-shoot',
      isPending: true,
      isBroken: false,
    });

    // Created again with the same id, the placeholders join it.
    await k.call('POST', '/api/admin/scenes', newScene('pro-shoot'));
    const joined = (await k.call('GET', '/api/admin/scenes/studio/options')).json().options;
    expect(joined[0]).toMatchObject({ nextSceneId: 'pro-shoot', isBroken: false });
  });

  it('marks links to a deleted scene as broken when they are kept', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('doomed'));
    await k.call('POST', '/api/admin/scenes/studio/options', go('To doom', 'doomed'));
    expect((await k.call('DELETE', '/api/admin/scenes/doomed')).statusCode).toBe(204);
    const options = (await k.call('GET', '/api/admin/scenes/studio/options')).json().options;
    expect(options.find((o: { text: string }) => o.text === 'To doom')).toMatchObject({
      nextSceneId: 'doomed',
      isPending: false,
      isBroken: true,
    });
    expect((await k.call('GET', '/api/admin/scenes/doomed/incoming')).statusCode).toBe(404);
  });
});
