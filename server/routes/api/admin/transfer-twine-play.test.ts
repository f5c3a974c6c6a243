import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseTwine2HTML } from 'extwee';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayScene } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import type { ImportResponse } from '../../../../core/api/transfer.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, guestSession, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import { readContent } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/twine/${name}`, import.meta.url), 'utf8');

/**
 * Public Twine stories written by other people, one per story format (test/fixtures/twine/README.md):
 * each is imported through the import API and played through the play API from its start to a
 * second scene, taking the option named.
 */
const STORIES = [
  {
    file: 'harlowe-quack-of-duckness.html',
    format: 'html',
    start: ['start', 'Start'],
    take: 'Begin game',
    next: ['3', '3', 'Hurrying through the grass'],
    web: ['parody game', 'http://www.firthworks.com/roger/cloak/'],
  },
  {
    file: 'sugarcube-random-events.twee',
    format: 'twee',
    start: ['quickstart', 'QuickStart'],
    take: "Let's install random events library",
    next: ['quickstartstep0', 'QuickStartStep0', 'How to install'],
    web: null,
  },
  {
    file: 'snowman-gate-quest.twee',
    format: 'twee',
    start: ['start', 'Start'],
    take: 'Search the ruins',
    next: ['ruins', 'Ruins', 'bone key'],
    web: null,
  },
  {
    file: 'chapbook-links.twee',
    format: 'twee',
    start: ['links', 'Links'],
    take: 'Label with pipe',
    next: ['linked-passage', 'Linked Passage', 'This is the linked passage.'],
    web: null,
  },
] as const;

describe.each(testEngines)('public Twine stories play after import on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;

  const send = (url: string, payload: object, cookie = admin.cookie) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: app.config.publicUrl },
      payload,
    });
  const get = (url: string, cookie = admin.cookie) =>
    app.inject({ method: 'GET', url, headers: { cookie } });
  const choose = (cookie: string, optionId: string) =>
    send(PLAY_PATHS.choices, { optionId, idempotencyKey: randomUUID() }, cookie);

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    admin = await adminSession(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each(STORIES)('$file: from the start to a second scene', async (story) => {
    const text = fixture(story.file);
    const dry = await send('/api/admin/import/dry-run', { format: story.format, text });
    expect(dry.statusCode, dry.body).toBe(200);
    const notes = (dry.json() as ImportResponse).warnings.map((w) => w.message);
    expect(notes.filter((m) => m.includes('cannot be played'))).toEqual([]);
    const applied = await send('/api/admin/import', { format: story.format, text });
    expect(applied.statusCode, applied.body).toBe(200);

    const guest = await guestSession(app);
    const game = await send(PLAY_PATHS.start, {}, guest.cookie);
    expect(game.statusCode, game.body).toBe(200);
    expect(game.json().player).toMatchObject({
      currentSceneId: story.start[0],
      currentSceneTitle: story.start[1],
    });
    const scene = (await get(PLAY_PATHS.scene(story.start[0]), guest.cookie)).json()
      .scene as PlayScene;
    expect(scene.isEnding).toBe(false);
    const option = scene.options.find((o) => o.text === story.take);
    expect(option, JSON.stringify(scene.options)).toBeDefined();
    if (story.web) {
      // A web address is an option that opens it; nothing is recorded.
      const web = scene.options.find((o) => o.text === story.web[0]);
      const opened = await choose(guest.cookie, web?.id ?? '');
      expect(opened.json()).toEqual({ kind: 'external', externalUrl: story.web[1] });
    }
    const chosen = await choose(guest.cookie, option?.id ?? '');
    expect(chosen.statusCode, chosen.body).toBe(200);
    const body = chosen.json();
    expect(body.nextSceneId).toBe(story.next[0]);
    expect(body.nextScene.title).toBe(story.next[1]);
    expect(body.nextScene.description).toContain(story.next[2]);
    expect(body.player.currentSceneId).toBe(story.next[0]);
  });

  it('keeps positions, tags and link text through the Twine 2 archive export, which extwee reads', async () => {
    const text = fixture('harlowe-quack-of-duckness.html');
    expect((await send('/api/admin/import', { format: 'html', text })).statusCode).toBe(200);
    const res = await get('/api/admin/export.html');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const theirs = parseTwine2HTML(html);
    expect(theirs.IFID).toBe('33F6E26B-7ACB-4A44-8212-4DF5E247AFCE');
    expect(theirs.name).toBe('Quack of Duckness');
    expect(theirs.format).toBe('Harlowe');
    expect(theirs.formatVersion).toBe('3.2.2');
    expect(theirs.start).toBe('Start');
    const start = theirs.passages.find((p) => p.name === 'Start');
    expect(start?.metadata).toMatchObject({ position: '828,597', size: '100,100' });
    // The passage is written as the story had it: no tags, links where they stood.
    expect(start?.tags).toEqual([]);
    expect(start?.text).toContain('(button:)[[Begin game->3]]');
    expect(start?.text).toContain(
      '*A (link-rerun:"parody game")[(open-url:"http://www.firthworks.com/roger/cloak/")].*',
    );
    // Read back, the archive changes nothing: positions, tags, texts, web options included.
    const again = await send('/api/admin/import/dry-run', { format: 'html', text: html });
    expect(again.statusCode, again.body).toBe(200);
    const plan = (again.json() as ImportResponse).plan;
    for (const kind of ['scenes', 'options'] as const) {
      expect(plan.kinds[kind], kind).toMatchObject({ added: [], changed: [], removed: [] });
    }
    // And through the Twee export.
    const twee = (await get('/api/admin/export.twee')).body;
    expect(twee).toContain(':: Start {"position":"828,597","size":"100,100"}');
    const fromTwee = (
      await send('/api/admin/import/dry-run', { format: 'twee', text: twee })
    ).json().plan as ImportResponse['plan'];
    expect(fromTwee.kinds.scenes).toMatchObject({ added: [], changed: [], removed: [] });
  });

  it.each([
    ['Harlowe', (long: string) => `(link-goto: "${long}", "Lake")`],
    ['SugarCube', (long: string) => `<<link "${long}" "Lake">><</link>>`],
  ])('imports and plays a %s option with 500 characters of link text', async (format, written) => {
    const long = `${'Round the lake, over the hills and far away '.repeat(12).slice(0, 499)}!`;
    const text = [
      ':: StoryData',
      JSON.stringify({ ifid: '5A1E0000-0000-4000-8000-000000000500', format, start: 'Shore' }),
      '',
      ':: Shore',
      `The water is still. ${written(long)}`,
      '',
      ':: Lake',
      'You walk a long way.',
    ].join('\n');
    const applied = await send('/api/admin/import', { format: 'twee', text });
    expect(applied.statusCode, applied.body).toBe(200);
    const guest = await guestSession(app);
    await send(PLAY_PATHS.start, {}, guest.cookie);
    const scene = (await get(PLAY_PATHS.scene('shore'), guest.cookie)).json().scene as PlayScene;
    const option = scene.options.find((o) => o.text === long);
    expect(option?.id.length).toBeLessThanOrEqual(200);
    const chosen = await choose(guest.cookie, option?.id ?? '');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().nextSceneId).toBe('lake');
  });

  it('gives readable ids in any script, playable at their address', async () => {
    const text = [
      ':: StoryData',
      '{"ifid":"7A2C1D2E-0000-4000-8000-000000000001","start":"東京の夜"}',
      '',
      ':: 東京の夜 [夜 city] {"position":"300,100"}',
      '雨が降っている。 [[Café Größe]]',
      '',
      ':: Café Größe',
      'Ein Kaffee. [[Zurück->東京の夜]]',
    ].join('\n');
    const applied = await send('/api/admin/import', { format: 'twee', text });
    expect(applied.statusCode, applied.body).toBe(200);
    const scenes = (await get('/api/admin/export.json')).json().scenes as {
      id: string;
      tags: string[] | null;
      map_x: number | null;
    }[];
    expect(scenes.map((s) => [s.id, s.tags, s.map_x]).sort()).toEqual([
      ['cafe-grosse', null, null],
      ['東京の夜', ['夜', 'city'], 300],
    ]);
    const guest = await guestSession(app);
    await send(PLAY_PATHS.start, {}, guest.cookie);
    const scene = await get(PLAY_PATHS.scene('東京の夜'), guest.cookie);
    expect(scene.statusCode).toBe(200);
    const option = (scene.json().scene as PlayScene).options[0];
    const chosen = await choose(guest.cookie, option?.id ?? '');
    expect(chosen.json().nextSceneId).toBe('cafe-grosse');
  });

  it('gives a story without StoryData an IFID of its own, not the previous story’s', async () => {
    const before = (await get('/api/admin/export.json')).json().story?.ifid;
    const text = ':: Start\nHello [[There]]\n\n:: There\nBye\n';
    const dry = (await send('/api/admin/import/dry-run', { format: 'twee', text })).json();
    expect(dry.plan.story.ifid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-8[0-9A-F]{3}-/);
    expect(dry.plan.story.ifid).not.toBe(before);
    const applied = (await send('/api/admin/import', { format: 'twee', text })).json();
    expect(applied.plan.story.ifid).toBe(dry.plan.story.ifid);
  });
});
