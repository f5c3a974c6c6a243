import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from '../../../../core/transfer/format.ts';
import { parseTwee } from '../../../../core/transfer/twee.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, guestSession, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import { readContent } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';
import { storeImage } from '../../../services/images/store-image.ts';

/** Scenes of the demo adventure in content/ (the campaign grows; the tests follow it). */
const DEMO_SCENES = (await readContent()).scenes.length;

const withoutExportTime = (b: Bundle) => {
  const { exportedAt: _t, ...rest } = b;
  return rest;
};

describe.each(testEngines)('import / export on $name', (engine) => {
  let source: Db;
  let target: Db;
  let app: FastifyInstance;
  let empty: FastifyInstance;
  let admin: TestSession;
  let emptyAdmin: TestSession;
  let exported: Bundle;

  const send = (to: FastifyInstance, who: TestSession, url: string, payload: unknown) =>
    to.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, origin: to.config.publicUrl },
      payload: payload as Record<string, unknown>,
    });
  const exportOf = async (from: FastifyInstance, who: TestSession) =>
    (
      await from.inject({
        method: 'GET',
        url: '/api/admin/export.json',
        headers: { cookie: who.cookie },
      })
    ).json() as Bundle;
  const sceneCount = async (db: Db) =>
    Number(
      (
        await db.db
          .selectFrom('scenarios')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    source = await engine.open();
    target = await engine.open();
    app = await buildTestApp(source, { content: await readContent() });
    empty = await buildTestApp(target);
    admin = await adminSession(app);
    emptyAdmin = await adminSession(empty);
    // A real uploaded image on a scene, so the export has to carry its bytes.
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 200, b: 80 } },
    })
      .png()
      .toBuffer();
    const stored = await storeImage(source.db, png, 'scene-images');
    await source.db
      .updateTable('scenarios')
      .set({ image_url: stored.url })
      .where('id', '=', 'intro')
      .execute();
    exported = await exportOf(app, admin);
  });
  afterAll(async () => {
    await app.close();
    await empty.close();
    await source.close();
    await target.close();
  });

  it('exports every kind with the images the rows use', async () => {
    expect(exported).toMatchObject({ format: 'seo-adventure', version: 1 });
    expect(exported.scenes).toHaveLength(DEMO_SCENES);
    expect(exported.options?.length).toBeGreaterThan(100);
    for (const kind of [
      'randomEvents',
      'advertisements',
      'sponsors',
      'news',
      'settings',
      'pages',
    ] as const) {
      expect(exported[kind]?.length, kind).toBeGreaterThan(0);
    }
    expect(exported.files).toHaveLength(1);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/export.json',
      headers: { cookie: admin.cookie },
    });
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="seo-adventure-\d{4}-\d{2}-\d{2}\.json"$/,
    );
  });

  it('imports the export into an empty database: a dry run first, then the same game', async () => {
    const text = JSON.stringify(exported);
    const dry = await send(empty, emptyAdmin, '/api/admin/import/dry-run', {
      format: 'json',
      text,
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().plan.kinds.scenes).toMatchObject({ changed: [], removed: [], unchanged: 0 });
    expect(dry.json().plan.kinds.scenes.added).toHaveLength(DEMO_SCENES);
    expect(dry.json().plan.files.added).toBe(1);
    expect(await sceneCount(target)).toBe(0);

    const applied = await send(empty, emptyAdmin, '/api/admin/import', { format: 'json', text });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().applied).toBe(true);
    const copy = await exportOf(empty, emptyAdmin);
    expect(withoutExportTime(copy)).toEqual(withoutExportTime(exported));

    // The same game: the image is served and a guest starts on the same scene with the same stats.
    const image = await empty.inject({
      method: 'GET',
      url: exported.scenes?.find((s) => s.id === 'intro')?.image_url ?? '',
    });
    expect(image.statusCode).toBe(200);
    const games = await Promise.all(
      [app, empty].map(async (a) => {
        const g = await guestSession(a);
        return (
          await a.inject({
            method: 'POST',
            url: '/api/play/game/start',
            headers: { cookie: g.cookie },
          })
        ).json();
      }),
    );
    expect(games[1]).toEqual(games[0]);
    // What players read: news, ads, sponsors, pages and a scene, served alike by both.
    for (const url of [
      '/api/play/news',
      '/api/play/ads',
      '/api/play/sponsors',
      '/api/pages/about',
      '/api/play/scenes/d1-robots',
    ]) {
      const guest = await Promise.all([app, empty].map((a) => guestSession(a)));
      const [a, b] = await Promise.all(
        [app, empty].map((x, i) =>
          x.inject({ method: 'GET', url, headers: { cookie: guest[i]?.cookie ?? '' } }),
        ),
      );
      expect(b?.statusCode, url).toBe(200);
      expect(b?.json(), url).toEqual(a?.json());
    }

    // Importing the same file again changes nothing.
    const again = await send(empty, emptyAdmin, '/api/admin/import/dry-run', {
      format: 'json',
      text,
    });
    const scenes = again.json().plan.kinds.scenes;
    expect(scenes).toMatchObject({ added: [], changed: [], removed: [], unchanged: DEMO_SCENES });
  });

  it('reports and applies edits, additions and removals', async () => {
    const edited = structuredClone(exported);
    const intro = edited.scenes?.find((s) => s.id === 'intro');
    expect(intro).toMatchObject({ map_x: null, map_y: null });
    // A box the author placed on the story map travels with the file.
    if (intro) Object.assign(intro, { title: 'A New Beginning', map_x: 40.5, map_y: -12 });
    edited.scenes = edited.scenes?.filter((s) => s.id !== 'd1-titles');
    edited.options = edited.options?.filter(
      (o) => o.scenario_id !== 'd1-titles' && o.next_scenario_id !== 'd1-titles',
    );
    edited.news?.push({
      id: 'fresh-news',
      content: 'Hats are back',
      link: null,
      active: true,
      created_at: new Date().toISOString(),
    });
    const text = JSON.stringify(edited);
    const dry = (
      await send(app, admin, '/api/admin/import/dry-run', { format: 'json', text })
    ).json();
    expect(dry.plan.kinds.scenes).toMatchObject({
      added: [],
      changed: ['intro'],
      removed: ['d1-titles'],
    });
    expect(dry.plan.kinds.news.added).toEqual(['fresh-news']);
    expect(await sceneCount(source)).toBe(DEMO_SCENES);
    const applied = await send(app, admin, '/api/admin/import', { format: 'json', text });
    expect(applied.statusCode).toBe(200);
    const after = await exportOf(app, admin);
    expect(after.scenes?.find((s) => s.id === 'intro')).toMatchObject({
      title: 'A New Beginning',
      map_x: 40.5,
      map_y: -12,
    });
    expect(after.scenes).toHaveLength(DEMO_SCENES - 1);
    expect(after.news?.some((n) => n.id === 'fresh-news')).toBe(true);
    // Put the source back for the other tests.
    expect(
      (
        await send(app, admin, '/api/admin/import', {
          format: 'json',
          text: JSON.stringify(exported),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps every scene, option and world row through a Twee 3 round trip', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/export.twee',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const twee = res.body;
    expect(twee).toMatch(/^:: StoryTitle\nSEO Adventure\n/);
    const intro = exported.scenes?.find((s) => s.id === 'intro');
    expect(twee).toContain(`:: ${intro?.title} [start]`);
    const { bundle: back, warnings } = parseTwee(twee);
    const strip = (b: Bundle) => {
      const noTimes = (rows: object[] | undefined) =>
        (rows ?? []).map((r) => {
          const { created_at: _a, updated_at: _b, ...kept } = r as Record<string, unknown>;
          return kept;
        });
      return {
        scenes: noTimes(b.scenes),
        options: noTimes([...(b.options ?? [])].sort((x, y) => x.id.localeCompare(y.id))),
        news: noTimes(b.news),
        pages: noTimes(b.pages),
        settings: noTimes(b.settings),
      };
    };
    expect(strip(back)).toEqual(strip(exported));
    // Links to scenes not written yet are the only notes on our own export.
    for (const w of warnings) expect(w.message).toMatch(/no passage in the file/);
    const dry = await send(app, admin, '/api/admin/import/dry-run', { format: 'twee', text: twee });
    for (const kind of ['scenes', 'options', 'news', 'settings', 'pages']) {
      expect(dry.json().plan.kinds[kind], kind).toMatchObject({
        added: [],
        changed: [],
        removed: [],
      });
    }
  });

  it('refuses bad files naming the line or field, and changes nothing', async () => {
    const before = await exportOf(app, admin);
    const cases: [string, string, RegExp][] = [
      [
        'json',
        '{\n  "format": "seo-adventure",\n  "version": 1,\n  "scenes": [,]\n}',
        /^Line 4, column \d+: not valid JSON/,
      ],
      ['json', JSON.stringify({ format: 'other', version: 1 }), /^format: must be "seo-adventure"/],
      [
        'json',
        JSON.stringify({
          ...exported,
          scenes: [{ ...exported.scenes?.[0], title: ' ' }, ...(exported.scenes ?? []).slice(1)],
        }),
        /^scenes\[0\]\.title: a scene needs a title/,
      ],
      [
        'json',
        JSON.stringify({
          format: 'seo-adventure',
          version: 1,
          scenes: [],
          options: [{ id: 'o', scenario_id: 'nope', text: 'Go' }],
        }),
        /^options\[0\]\.scenario_id: no scene "nope" in the file/,
      ],
      [
        'json',
        JSON.stringify({
          ...exported,
          files: [{ ...exported.files?.[0], data: Buffer.from('not an image').toString('base64') }],
        }),
        /^files\[0\]\.data: the bytes do not match the hash/,
      ],
      [
        'twee',
        ':: StoryData\n{"ifid": }\n\n:: Start\nA\n',
        /^Line 2 \(passage "StoryData"\): not valid JSON/,
      ],
      [
        'twee',
        ':: Start\nA [[Go->B]]\n\n:: B\nB\n<!-- seo-adventure\nscene {"day": "two"}\n-->\n',
        /^Line 4 \(passage "B"\): day: /,
      ],
      ['html', '<html><body>No story here</body></html>', /^No Twine story in this file/],
    ];
    for (const [format, text, message] of cases) {
      for (const url of ['/api/admin/import/dry-run', '/api/admin/import']) {
        const res = await send(app, admin, url, { format, text });
        expect(res.statusCode, `${format} ${text.slice(0, 40)}`).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    }
    expect(withoutExportTime(await exportOf(app, admin))).toEqual(withoutExportTime(before));
  });

  it('rolls everything back when a write fails half-way', async () => {
    const db = source.db;
    if (engine.name === 'sqlite') {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON news_items WHEN NEW.content = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(
        db,
      );
    } else {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.content = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON news_items FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(
        db,
      );
    }
    const edited = structuredClone(exported);
    const intro = edited.scenes?.find((s) => s.id === 'intro');
    if (intro) intro.title = 'Half Imported?';
    edited.news?.push({
      id: 'boom',
      content: 'boom',
      link: null,
      active: true,
      created_at: new Date().toISOString(),
    });
    const res = await send(app, admin, '/api/admin/import', {
      format: 'json',
      text: JSON.stringify(edited),
    });
    const boomRows = await db
      .selectFrom('news_items')
      .select(['id', 'content'])
      .where('id', '=', 'boom')
      .execute();
    expect(res.statusCode, `${res.body} ${JSON.stringify(boomRows)}`).toBe(500);
    const title = await db
      .selectFrom('scenarios')
      .select('title')
      .where('id', '=', 'intro')
      .executeTakeFirstOrThrow();
    expect(title.title).toBe(exported.scenes?.find((s) => s.id === 'intro')?.title);
  });

  it('is for admins only', async () => {
    const guest = await guestSession(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/export.json',
      headers: { cookie: guest.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
