import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../test/server/scene-kit.ts';
import { nextAddress } from '../../../test/server/sessions.ts';

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
});
