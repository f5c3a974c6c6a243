import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';
import type { TestSession } from '../../../../test/server/sessions.ts';

/** A multipart body with fields first, then one file. */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(testEngines)('image uploads on $name', (engine) => {
  let k: SceneKit;
  const upload = (
    file: { name: string; type: string; data: Buffer } | undefined,
    bucket = 'scene-images',
    as?: TestSession | null,
  ) => {
    const body = multipart({ bucket }, file);
    const who = as === undefined ? k.admin : as;
    return k.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { 'content-type': body.contentType, ...(who ? { cookie: who.cookie } : {}) },
      payload: body.payload,
    });
  };
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#33ff66' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    k = await openSceneKit(engine);
  });
  afterAll(() => k.close());

  it('refuses anonymous visitors (401) and players (403)', async () => {
    const data = await png(10, 10);
    expect(
      (await upload({ name: 'a.png', type: 'image/png', data }, 'scene-images', null)).statusCode,
    ).toBe(401);
    expect(
      (await upload({ name: 'a.png', type: 'image/png', data }, 'scene-images', k.player))
        .statusCode,
    ).toBe(403);
    expect((await k.call('GET', '/api/admin/uploads/status', undefined, null)).statusCode).toBe(
      401,
    );
    expect((await k.call('GET', '/api/admin/uploads/status', undefined, k.player)).statusCode).toBe(
      403,
    );
  });

  it('reports storage as available', async () => {
    const res = await k.call('GET', '/api/admin/uploads/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ available: true, maxBytes: 5 * 1024 * 1024 });
  });

  it('stores a PNG by hash and serves it immutable with its type', async () => {
    const res = await upload({ name: 'logo.png', type: 'image/png', data: await png(120, 80) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ mime: 'image/png', width: 120, height: 80 });
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    const again = await upload({ name: 'copy.png', type: 'image/png', data: await png(120, 80) });
    expect(again.json().url).toBe(body.url);

    const served = await k.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(120);
    const wrongExt = body.url.replace('.png', '.jpg');
    expect((await k.app.inject({ method: 'GET', url: wrongExt })).statusCode).toBe(404);
    expect(
      (await k.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(64)}.png` })).statusCode,
    ).toBe(404);
    expect((await k.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret' })).statusCode).toBe(
      404,
    );
  });

  it('turns a JPEG upright and strips its EXIF', async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: 'red' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Acme', Copyright: 'Secret Camera' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const res = await upload({ name: 'photo.jpg', type: 'image/jpeg', data: photo });
    expect(res.statusCode).toBe(201);
    const stored = (await k.app.inject({ method: 'GET', url: res.json().url })).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored image is upright, so portrait.
    expect([after.width, after.height]).toEqual([40, 60]);
    expect(stored.includes(Buffer.from('Secret Camera'))).toBe(false);
  });

  it('scales the longest side down to 2000 px', async () => {
    const res = await upload({
      name: 'wide.webp',
      type: 'image/webp',
      data: await sharp({ create: { width: 4000, height: 1000, channels: 3, background: 'blue' } })
        .webp()
        .toBuffer(),
    });
    expect(res.json()).toMatchObject({ mime: 'image/webp', width: 2000, height: 500 });
  });

  it('refuses a text file renamed .png, an SVG, and a 6 MB image with clear messages', async () => {
    const text = await upload({
      name: 'notes.png',
      type: 'image/png',
      data: Buffer.from('hello, not an image\n'.repeat(50)),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded');

    const svg = await upload({
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded');

    // Random pixels do not compress: 1500 x 1500 x 3 bytes is a PNG of about 6.7 MB.
    const noise = await sharp(randomBytes(1500 * 1500 * 3), {
      raw: { width: 1500, height: 1500, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(6 * 1024 * 1024);
    const big = await upload({ name: 'big.png', type: 'image/png', data: noise });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Image is larger than 5 MB');
  });

  it('refuses an image over 40 megapixels, a missing file and an unknown bucket', async () => {
    // 8000 x 6000 of one colour compresses to a small PNG: a decompression bomb in miniature.
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: 'white' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload({ name: 'huge.png', type: 'image/png', data: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image is larger than 40 megapixels');

    const none = await upload(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select an image to upload');
    const notMultipart = await k.call('POST', '/api/admin/uploads', { bucket: 'scene-images' });
    expect(notMultipart.json().message).toBe('Please select an image to upload');

    const bucket = await upload(
      { name: 'a.png', type: 'image/png', data: await png(5, 5) },
      'secrets',
    );
    expect(bucket.statusCode).toBe(400);
    expect(bucket.json().message).toContain(
      'Bucket must be one of scene-images, sponsors, consultant-photos',
    );
  });

  it('keeps GIF animation frames and accepts every bucket', async () => {
    const frame = (c: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background: c } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);
    for (const bucket of ['sponsors', 'consultant-photos']) {
      const res = await upload({ name: 'a.gif', type: 'image/gif', data: gif }, bucket);
      expect(res.statusCode).toBe(201);
      const stored = (await k.app.inject({ method: 'GET', url: res.json().url })).rawPayload;
      expect((await sharp(stored, { animated: true }).metadata()).pages).toBe(2);
    }
    const row = await k.db.db
      .selectFrom('files')
      .select(['bucket', 'mime'])
      .where('mime', '=', 'image/gif')
      .execute();
    expect(row.map((r) => r.bucket)).toEqual(['sponsors']);
  });
});
