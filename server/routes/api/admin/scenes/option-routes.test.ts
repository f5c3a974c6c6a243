import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../../test/server/databases.ts';
import { newScene, openSceneKit, type SceneKit } from '../../../../../test/server/scene-kit.ts';
import { liveBus } from '../../../../live/bus.ts';

const option = (extra: Record<string, unknown>) => ({
  text: 'Go on',
  destinationType: 'scene',
  ...extra,
});

describe.each(testEngines)('admin option routes on $name', (engine) => {
  let k: SceneKit;
  beforeAll(async () => {
    k = await openSceneKit(engine);
    await k.call('POST', '/api/admin/scenes', newScene('hub'));
    await k.call('POST', '/api/admin/scenes', {
      id: 'hat-shop',
      title: 'Go to the Hat Shop!',
    });
  });
  afterAll(() => k.close());

  it('refuses anonymous visitors (401) and players (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/scenes/hub/options'],
      ['POST', '/api/admin/scenes/hub/options'],
      ['PUT', '/api/admin/scenes/hub/options/x'],
      ['DELETE', '/api/admin/scenes/hub/options/x'],
      ['GET', '/api/admin/scene-links/match?label=x'],
    ] as const) {
      expect((await k.call(method, url, undefined, null)).statusCode).toBe(401);
      expect((await k.call(method, url, undefined, k.player)).statusCode).toBe(403);
    }
  });

  it('gives the dialog validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [option({ text: '  ', nextSceneId: 'hat-shop' }), 'Option text is required'],
      [option({ destinationType: 'url', nextUrl: '' }), 'Please provide a URL'],
      [option({ destinationType: 'url', nextUrl: 'ftp://x' }), 'URL must start with http://'],
      [option({ nextSceneId: '' }), 'Please select a next scene or create a placeholder'],
      [
        option({ nextSceneId: 'hat-shop', why: 'w'.repeat(301) }),
        'The why line must be at most 300 characters',
      ],
    ];
    const heard: string[] = [];
    const stop = (await liveBus(k.app)).subscribe((c) => heard.push(c));
    for (const [body, message] of cases) {
      const res = await k.call('POST', '/api/admin/scenes/hub/options', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    await new Promise((r) => setTimeout(r, 50));
    stop();
    // A refused write changes nothing, so open games are not told to reload.
    expect(heard).toEqual([]);
    const missing = await k.call(
      'POST',
      '/api/admin/scenes/ghost/options',
      option({ nextSceneId: 'hub' }),
    );
    expect(missing.statusCode).toBe(404);
  });

  it("keeps an option's why line, trimmed, and a blank one as none", async () => {
    const why = 'Descriptive titles help people pick the page in the results.';
    const added = await k.call(
      'POST',
      '/api/admin/scenes/hub/options',
      option({ nextSceneId: 'hat-shop', why: `  ${why}  ` }),
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().option.why).toBe(why);
    const id = added.json().option.id;
    const cleared = await k.call(
      'PUT',
      `/api/admin/scenes/hub/options/${id}`,
      option({ nextSceneId: 'hat-shop', why: '   ' }),
    );
    expect(cleared.json().option.why).toBeNull();
    const row = await k.db.db
      .selectFrom('scenario_choices')
      .select('why')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.why).toBeNull();
    expect((await k.call('DELETE', `/api/admin/scenes/hub/options/${id}`)).statusCode).toBe(204);
  });

  it('adds, lists, updates and deletes options with stat changes and requirements', async () => {
    const heard: string[] = [];
    const stop = (await liveBus(k.app)).subscribe((c) => heard.push(c));
    const added = await k.call(
      'POST',
      '/api/admin/scenes/hub/options',
      option({
        text: 'Visit the shop',
        nextSceneId: 'hat-shop',
        statChanges: { gold: -10, intelligence: 5, addInventory: ['Map'], removeInventory: [] },
        requiredStats: { charisma: 20 },
        requiredItems: ['Coupon', ' Coupon '],
      }),
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().connectedTo).toBeNull();
    const opt = added.json().option;
    expect(opt).toMatchObject({
      sceneId: 'hub',
      position: 0,
      text: 'Visit the shop',
      nextSceneId: 'hat-shop',
      nextSceneTitle: 'Go to the Hat Shop!',
      isPending: false,
      nextUrl: null,
      statChanges: { gold: -10, intelligence: 5, addInventory: ['Map'] },
      requiredStats: { charisma: 20 },
      requiredItems: ['Coupon'],
    });
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(heard).toContain('content');

    const url = await k.call(
      'POST',
      '/api/admin/scenes/hub/options',
      option({ text: 'Read the guide', destinationType: 'url', nextUrl: 'https://example.com/g' }),
    );
    expect(url.json().option).toMatchObject({
      position: 1,
      nextUrl: 'https://example.com/g',
      nextSceneId: null,
    });

    const updated = await k.call(
      'PUT',
      `/api/admin/scenes/hub/options/${opt.id}`,
      option({ text: 'Shop now', nextSceneId: 'hub', statChanges: { health: 3 } }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().option).toMatchObject({
      text: 'Shop now',
      nextSceneId: 'hub',
      statChanges: { health: 3 },
      requiredStats: null,
      requiredItems: null,
    });
    const list = (await k.call('GET', '/api/admin/scenes/hub/options')).json().options;
    expect(list.map((o: { text: string }) => o.text)).toEqual(['Shop now', 'Read the guide']);

    expect((await k.call('DELETE', `/api/admin/scenes/hub/options/${opt.id}`)).statusCode).toBe(
      204,
    );
    expect((await k.call('DELETE', `/api/admin/scenes/hub/options/${opt.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await k.call(
          'PUT',
          `/api/admin/scenes/hub/options/${opt.id}`,
          option({ nextSceneId: 'hub' }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await k.call('GET', '/api/admin/scenes/hub/options')).json().options).toHaveLength(1);
  });

  it('saves placeholders as pending-{slug}, or connects them to the scene they name', async () => {
    const pending = await k.call(
      'POST',
      '/api/admin/scenes/hub/options',
      option({ text: 'Ask a friend', nextSceneId: '  Ask a Friend?! ', isPlaceholder: true }),
    );
    expect(pending.json()).toMatchObject({
      option: { nextSceneId: 'pending-ask-a-friend', isPending: true, nextSceneTitle: null },
      connectedTo: null,
    });
    // By normalised title...
    const byTitle = await k.call(
      'POST',
      '/api/admin/scenes/hub/options',
      option({ nextSceneId: 'go to the hat shop', isPlaceholder: true }),
    );
    expect(byTitle.json()).toMatchObject({
      option: { nextSceneId: 'hat-shop', isPending: false },
      connectedTo: { id: 'hat-shop', title: 'Go to the Hat Shop!' },
    });
    // ...and by id; the match endpoint says the same before saving.
    const match = await k.call('GET', '/api/admin/scene-links/match?label=HAT-SHOP');
    expect(match.json()).toEqual({
      pendingId: 'pending-hat-shop',
      scene: { id: 'hat-shop', title: 'Go to the Hat Shop!' },
    });
    const none = await k.call('GET', '/api/admin/scene-links/match?label=Brand%20new');
    expect(none.json()).toEqual({ pendingId: 'pending-brand-new', scene: null });
  });

  it('connects waiting placeholders when their scene is created', async () => {
    const created = await k.call('POST', '/api/admin/scenes', {
      id: 'ask-a-friend',
      title: 'New Scene: ask-a-friend',
      options: [
        option({ text: 'Back', nextSceneId: 'hub' }),
        option({ text: 'Later', nextSceneId: 'Coffee break', isPlaceholder: true }),
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().options.map((o: { nextSceneId: string }) => o.nextSceneId)).toEqual([
      'hub',
      'pending-coffee-break',
    ]);
    const hub = (await k.call('GET', '/api/admin/scenes/hub/options')).json().options;
    const friend = hub.find((o: { text: string }) => o.text === 'Ask a friend');
    expect(friend).toMatchObject({ nextSceneId: 'ask-a-friend', isPending: false });

    // A link to a missing scene never blocks a save: the scene is created, the link marked broken.
    const broken = await k.call('POST', '/api/admin/scenes', {
      ...newScene('half-made'),
      options: [option({ nextSceneId: 'nowhere' })],
    });
    expect(broken.statusCode).toBe(201);
    expect(broken.json().options).toMatchObject([{ nextSceneId: 'nowhere', isBroken: true }]);
  });

  it('appends reviewed draft options when a scene is saved', async () => {
    const res = await k.call('PUT', '/api/admin/scenes/hat-shop', {
      title: 'Go to the Hat Shop!',
      addOptions: [
        option({
          text: 'Draft 1',
          nextSceneId: 'pending-draft-one',
          isPlaceholder: true,
          statChanges: { gold: -10 },
        }),
        option({ text: 'Draft 2', nextSceneId: 'hub', isPlaceholder: true }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().options).toMatchObject([
      {
        text: 'Draft 1',
        nextSceneId: 'pending-draft-one',
        statChanges: { gold: -10 },
        position: 0,
      },
      { text: 'Draft 2', nextSceneId: 'hub', position: 1 },
    ]);
  });
});
