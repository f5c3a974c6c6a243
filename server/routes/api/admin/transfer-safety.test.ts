import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';
import { parseImportFile } from '../../../services/transfer/parse-in-worker.ts';

/**
 * An import file is outside input, like an upload: its images are sniffed and re-encoded, its
 * settings and pages pass the admin API's schemas, and /uploads/ never serves a type a browser
 * would run (docs/security.md).
 */
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const SCRIPT = '\n;fetch("/api/session").then(r=>r.text()).then(alert)//';

function fileRow(data: Buffer, ext: string, mime: string) {
  return {
    hash: sha(data),
    ext,
    mime,
    bucket: 'scene-images',
    width: 2,
    height: 2,
    data: data.toString('base64'),
  };
}

function bundle(extra: Record<string, unknown>) {
  return { format: 'seo-adventure', version: 1, ...extra };
}

describe.each(testEngines)('import safety on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  const send = (url: string, file: unknown, text = JSON.stringify(file), format = 'json') =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin.cookie, origin: app.config.publicUrl },
      payload: { format, text },
    });

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
    admin = await adminSession(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('re-encodes an imported GIF/script polyglot and serves it as an image only', async () => {
    const gif = await sharp({
      create: { width: 2, height: 2, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from(SCRIPT)]);
    const row = fileRow(polyglot, 'gif', 'image/gif;a=b, text/javascript');
    const file = bundle({
      files: [row],
      news: [
        {
          id: 'n1',
          content: 'x',
          link: `/uploads/${row.hash}.gif`,
          active: true,
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    const dry = await send('/api/admin/import/dry-run', file);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(JSON.stringify(dry.json().warnings)).toMatch(/files\[0\].*re-encoded/);
    const applied = await send('/api/admin/import', file);
    expect(applied.statusCode, applied.body).toBe(200);

    const stored = await db.db.selectFrom('files').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.mime).toBe('image/gif');
    expect(Buffer.from(stored[0]!.data).includes(Buffer.from('fetch('))).toBe(false);
    const res = await app.inject({ method: 'GET', url: `/uploads/${stored[0]?.hash}.gif` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.body).not.toContain('fetch(');
  });

  it('refuses an SVG (or any non-image) in the dry run and the import, naming the file', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><script>alert(1)</script></svg>',
    );
    const file = bundle({ files: [fileRow(svg, 'png', 'image/svg+xml')] });
    for (const url of ['/api/admin/import/dry-run', '/api/admin/import']) {
      const res = await send(url, file);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^files\[0\]: Only JPEG, PNG, WebP, GIF or AVIF/);
    }
    expect(await db.db.selectFrom('files').select('hash').execute()).toHaveLength(1);
  });

  it('serves a file stored before these checks with the type of its extension, never its claim', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const hash = sha(svg);
    await db.db
      .insertInto('files')
      .values({
        hash,
        ext: 'png',
        mime: 'image/svg+xml',
        bucket: 'scene-images',
        size: svg.length,
        width: 1,
        height: 1,
        data: svg,
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await app.inject({ method: 'GET', url: `/uploads/${hash}.png` });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('refuses values nested 5,000 deep with 400, in JSON and in Twee game data', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const at = '2026-01-01T00:00:00.000Z';
    const scene = `{"id":"s","title":"S","stats_config":[${deep}],"created_at":"${at}","updated_at":"${at}"}`;
    const json = `{"format":"seo-adventure","version":1,"scenes":[${scene}]}`;
    const twee = `:: Start\nA\n<!-- seo-adventure\nscene {"stats_config": [${deep}]}\n-->\n`;
    for (const [format, text] of [
      ['json', json],
      ['twee', twee],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/import/dry-run',
        headers: { cookie: admin.cookie, origin: app.config.publicUrl },
        payload: { format, text },
      });
      expect(res.statusCode, `${format}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/nest deeper than 64 levels/);
    }
  });

  it('answers other requests while a big Twee story or a big bad JSON file is parsed', async () => {
    let twee = ':: StoryTitle\nBig\n\n';
    for (let i = 0; i < 5000; i++) twee += `:: P${i}\nText ${i} [[Go->P${(i + 1) % 5000}]]\n\n`;
    const badJson = `{"format":"seo-adventure","version":1,"x":[${'1,'.repeat(2_000_000)},]}`;
    for (const [format, text] of [
      ['twee', twee],
      ['json', badJson],
    ] as const) {
      let parsed = false;
      const parsing = parseImportFile({ format, text }).then(
        () => (parsed = true),
        () => (parsed = true),
      );
      // A parse on the event loop would be over before the next turn of the loop could run (a
      // timer of a few ms instead made this fail on a busy machine, the worker being done first).
      await new Promise((r) => setImmediate(r));
      expect(parsed, format).toBe(false);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      await parsing;
    }
    const res = await send('/api/admin/import/dry-run', undefined, badJson);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Line 1, column 4000044: not valid JSON/);
    const ok = await send('/api/admin/import/dry-run', undefined, twee, 'twee');
    expect(ok.json().plan.kinds.scenes.added).toHaveLength(5000);
  });

  it('holds the file, not its escaped request, to 50 MB, and names the size of a bigger one', async () => {
    const MB = 1024 * 1024;
    // 45 MB of quotes: the request is twice that once escaped, the file itself fits.
    const quotes = '"'.repeat(45 * MB);
    const fits = await send('/api/admin/import/dry-run', undefined, quotes);
    expect(fits.statusCode, fits.body.slice(0, 200)).toBe(400);
    expect(fits.json().message).toMatch(/not valid JSON/);
    // Two-byte characters count as two: 26 M of them are a 52 MB file.
    const big = await send('/api/admin/import/dry-run', undefined, 'é'.repeat(26 * MB));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('This file is 52.0 MB; an import takes files of up to 50 MB.');
  });

  it('checks imported settings and pages with the admin API rules', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        {
          settings: [{ key: 'seo_settings', value: { seoTitle: 'x'.repeat(61) }, updated_at: at }],
        },
        /^settings\[0\]\.value\.seoTitle: SEO title must be at most 60 characters/,
      ],
      [
        { settings: [{ key: 'header_html', value: '<script>alert(1)</script>', updated_at: at }] },
        /^settings\[0\]\.key: "header_html" is not a setting this site has/,
      ],
      [
        { settings: [{ key: 'font_settings', value: { title: '<script>' }, updated_at: at }] },
        /^settings\[0\]\.value/,
      ],
      [
        { pages: [{ slug: 'evil', title: 'x', content: { body: 'x' }, updated_at: at }] },
        /^pages\[0\]\.slug: "evil" is not a page this site has/,
      ],
      [
        {
          pages: [
            {
              slug: 'home',
              title: 'Home Page',
              content: { title: 'x'.repeat(121) },
              updated_at: at,
            },
          ],
        },
        /^pages\[0\]\.content\.title: Title must be at most 120 characters/,
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await send('/api/admin/import/dry-run', bundle(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // What the admin API accepts (custom scripts in the SEO settings) imports.
    const ok = await send(
      '/api/admin/import',
      bundle({
        settings: [
          {
            key: 'seo_settings',
            value: { headerScripts: '<script src="/a.js"></script>' },
            updated_at: at,
          },
        ],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
