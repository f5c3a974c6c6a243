import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_MESSAGES } from '../../../../core/api/admin-scenes.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, signUp, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import { readContent } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';

describe.each(testEngines)('story map places, search and scene rules on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, s = admin) =>
    app.inject({
      method,
      url,
      headers: { cookie: s.cookie, origin: app.config.publicUrl },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const mapScene = async (id: string) =>
    (await call('GET', '/api/admin/story-map'))
      .json()
      .scenes.find((s: { id: string }) => s.id === id);

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    admin = await adminSession(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('saves a dragged box, reports unknown ids, gives a box back to the layout, and keeps the version', async () => {
    const before = (await call('GET', '/api/admin/scenes/intro')).json().scene.version;
    expect(await mapScene('intro')).toMatchObject({ x: null, y: null });
    const saved = await call('PUT', '/api/admin/story-map/positions', {
      positions: [
        { id: 'intro', x: 120.5, y: -40 },
        { id: 'no-such-scene', x: 1, y: 2 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ saved: 1, unknown: ['no-such-scene'] });
    expect(await mapScene('intro')).toMatchObject({ x: 120.5, y: -40 });
    // Moving a box is not an edit of the scene: an open editor's save does not conflict.
    expect((await call('GET', '/api/admin/scenes/intro')).json().scene.version).toBe(before);
    await call('PUT', '/api/admin/story-map/positions', {
      positions: [{ id: 'intro', x: null, y: null }],
    });
    expect(await mapScene('intro')).toMatchObject({ x: null, y: null });
  });

  it('refuses bad positions and non-admins', async () => {
    const bad = await call('PUT', '/api/admin/story-map/positions', {
      positions: [{ id: 'intro', x: 'left', y: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    const empty = await call('PUT', '/api/admin/story-map/positions', { positions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Move at least one box');
    const player = await signUp(app);
    const refused = await call(
      'PUT',
      '/api/admin/story-map/positions',
      { positions: [{ id: 'intro', x: 1, y: 1 }] },
      player,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('searches titles, ids, descriptions and option texts', async () => {
    const intro = (await call('GET', '/api/admin/scenes/intro')).json();
    const options = (await call('GET', '/api/admin/scenes/intro/options')).json().options;
    const optionText: string = options[0].text;
    const words = optionText.split(' ').slice(0, 2).join(' ').toUpperCase();
    const byOption = (
      await call('GET', `/api/admin/story-map/search?q=${encodeURIComponent(words)}`)
    ).json();
    expect(byOption.hits.find((h: { id: string }) => h.id === 'intro')?.fields).toContain('option');

    const byId = (await call('GET', '/api/admin/story-map/search?q=intro')).json();
    expect(byId.hits[0]).toMatchObject({ id: 'intro' });
    expect(byId.hits[0].fields).toContain('id');

    const desc = String(intro.scene.description).replace(/\s+/g, ' ').slice(10, 30).trim();
    const byDescription = (
      await call('GET', `/api/admin/story-map/search?q=${encodeURIComponent(desc)}`)
    ).json();
    const hit = byDescription.hits.find((h: { id: string }) => h.id === 'intro');
    expect(hit.fields).toContain('description');
    expect(hit.snippet).toContain(desc);

    expect((await call('GET', '/api/admin/story-map/search?q=zzqx-nothing')).json()).toEqual({
      hits: [],
      total: 0,
    });
    expect((await call('GET', '/api/admin/story-map/search?q=%20')).statusCode).toBe(400);
  });

  it('never makes an ending the initial scene, and never makes the initial scene an ending', async () => {
    const ending = (await call('GET', '/api/admin/story-map'))
      .json()
      .scenes.find((s: { isEnding: boolean }) => s.isEnding).id;
    const refused = await call('POST', `/api/admin/scenes/${ending}/initial`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(SCENE_MESSAGES.endingAsStart);
    expect((await call('GET', '/api/admin/story-map')).json().startId).toBe('intro');

    const created = await call('POST', '/api/admin/scenes', {
      id: 'finale-start',
      title: 'Finale',
      isEnding: true,
      isStart: true,
    });
    expect(created.statusCode).toBe(422);

    const intro = (await call('GET', '/api/admin/scenes/intro')).json().scene;
    const edit = await call('PUT', '/api/admin/scenes/intro', {
      title: intro.title,
      isEnding: true,
      version: intro.version,
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe(SCENE_MESSAGES.startAsEnding);
  });

  it('saves a scene beside a link to a scene that does not exist, and marks it broken', async () => {
    const created = await call('POST', '/api/admin/scenes', {
      id: 'beside-broken',
      title: 'Beside a broken link',
      options: [
        { text: 'Go nowhere', destinationType: 'scene', nextSceneId: 'gone-for-good' },
        { text: 'Back', destinationType: 'scene', nextSceneId: 'intro' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved.options.map((o: { isBroken: boolean }) => o.isBroken)).toEqual([true, false]);
    const again = await call('PUT', '/api/admin/scenes/beside-broken', {
      title: 'Beside a broken link, edited',
      version: saved.scene.version,
    });
    expect(again.statusCode).toBe(200);
  });
});
