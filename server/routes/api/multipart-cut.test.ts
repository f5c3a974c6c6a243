import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../test/server/scene-kit.ts';
import { MULTIPART_MESSAGE } from '../../plugins/errors.ts';

const BOUNDARY = '----cut-boundary-31';

/** A multipart body with a bucket field and one PNG, cut `cut` bytes before its end. */
function cutBody(png: Buffer, cut: number): Buffer {
  const full = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nscene-images\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return full.subarray(0, full.length - cut);
}

/** A multipart body that ends before its closing boundary is the client's mistake: 400, never 500. */
describe.each(testEngines)('multipart bodies cut short on $name', (engine) => {
  let t: SceneKit;
  let png: Buffer;
  let base: string;
  beforeAll(async () => {
    t = await openSceneKit(engine);
    // Over a real socket: busboy words the error differently than under inject().
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  for (const url of ['/api/admin/uploads', '/api/consultants/photo']) {
    it(`answers 400 on ${url} wherever the body stops`, async () => {
      // Before the closing boundary's dashes, inside the last CRLF, inside the file's bytes.
      const statuses: string[] = [];
      for (const cut of [6, 8, 20, 40]) {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: {
            cookie: t.admin.cookie,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          body: new Uint8Array(cutBody(png, cut)),
        });
        statuses.push(`${cut}:${res.status}:${(await res.json()).message}`);
      }
      expect(statuses).toEqual([6, 8, 20, 40].map((cut) => `${cut}:400:${MULTIPART_MESSAGE}`));
    });
  }
});
