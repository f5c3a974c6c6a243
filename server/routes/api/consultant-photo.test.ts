import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../test/server/scene-kit.ts';
import { nextAddress } from '../../../test/server/sessions.ts';
import { putFile } from '../../db/repositories/files.ts';
import {
  PENDING_BYTES_PER_ADDRESS,
  PENDING_UPLOAD_MESSAGE,
  PENDING_UPLOAD_MS,
  removeStalePhotos,
} from '../../services/images/pending-uploads.ts';

/** A multipart body with one file field. */
function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----test${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testEngines)('public consultant photo upload ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  it('stores an image for an anonymous visitor, usable in the application', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#33ff66' },
    })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consultants/photo',
      remoteAddress: nextAddress(),
      ...multipart(png, 'me.png', 'image/png'),
    });
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/consultants',
      remoteAddress: nextAddress(),
      payload: { name: 'Photo Person', contactEmail: 'photo@example.com', imageUrl: url },
    });
    expect(apply.statusCode).toBe(201);
    const stored = (await t.call('GET', '/api/admin/consultants')).json().consultants[0];
    expect(stored).toMatchObject({ name: 'Photo Person', imageUrl: url });
  });

  it('refuses a text file dressed as an image, and a request without a file', async () => {
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/consultants/photo',
      remoteAddress: nextAddress(),
      ...multipart(Buffer.from('hello, not an image'), 'me.png', 'image/png'),
    });
    expect(fake.statusCode).toBe(415);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/consultants/photo',
      remoteAddress: nextAddress(),
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select an image to upload');
  });

  /** A small PNG of one colour (each colour different bytes, so a different file). */
  const png = (background: string) =>
    sharp({ create: { width: 20, height: 20, channels: 3, background } })
      .png()
      .toBuffer();
  const upload = async (file: Buffer, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/consultants/photo',
      remoteAddress,
      ...multipart(file, 'me.png', 'image/png'),
    });

  it('holds one IPv6 /64 to its storage allowance of photos no application uses', async () => {
    // The network already holds nearly its allowance (stored as if uploaded, size as counted).
    await putFile(
      t.db.db,
      {
        hash: 'f'.repeat(64),
        ext: 'png',
        mime: 'image/png',
        bucket: 'consultant-photos',
        size: PENDING_BYTES_PER_ADDRESS - 100,
        width: 1,
        height: 1,
        data: Buffer.from('x'),
      },
      '2001:db8:77:1::/64',
    );
    const refused = await upload(await png('#102030'), '2001:db8:77:1::abcd');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PENDING_UPLOAD_MESSAGE);
    // Another network is not held by it.
    expect((await upload(await png('#102030'), '2001:db8:77:2::1')).statusCode).toBe(201);
  });

  it('removes a photo no application used a day after upload, and keeps the used ones', async () => {
    const address = nextAddress();
    const unused = (await upload(await png('#aa0000'), address)).json().url as string;
    const used = (await upload(await png('#00aa00'), address)).json().url as string;
    const fresh = (await upload(await png('#0000aa'), address)).json().url as string;
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/consultants',
      remoteAddress: address,
      payload: { name: 'Kept Photo', contactEmail: 'kept@example.com', imageUrl: used },
    });
    expect(apply.statusCode).toBe(201);
    // The first two were uploaded two days ago.
    const hashOf = (url: string) => /([a-f0-9]{64})/.exec(url)![1]!;
    await t.db.db
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - 2 * PENDING_UPLOAD_MS).toISOString() })
      .where('hash', 'in', [hashOf(unused), hashOf(used)])
      .execute();
    expect(await removeStalePhotos(t.db.db)).toBeGreaterThanOrEqual(1);
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await status(unused)).toBe(404);
    expect(await status(used)).toBe(200);
    expect(await status(fresh)).toBe(200);
  });
});
