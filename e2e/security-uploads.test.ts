import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  closeAgents,
  request,
  type ServerProcess,
  spawnServer,
} from '../test/http-kit.ts';

/**
 * Hostile uploads against a real server process: each is refused (or, for a JPEG that carries
 * HTML, stored only as a clean re-encoded image), and the process stays up and keeps working.
 */
const ADMIN = 'uploads-admin@example.com';
const dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-upl-'));
let server: ServerProcess;
let admin: string;

beforeAll(async () => {
  server = await spawnServer({ port: 3512, dataDir, env: { ADMIN_EMAILS: ADMIN } });
  admin = await adminCookie(server.url, ADMIN);
});
afterAll(async () => {
  const code = await server?.stop();
  closeAgents();
  rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(0);
});

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = `----ops${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nscene-images\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: { name: string; type: string; data: Buffer }) {
  const { body, contentType } = multipart(file);
  const res = await fetch(`${server.url}/api/admin/uploads`, {
    method: 'POST',
    headers: { cookie: admin, origin: server.url, 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** The server answers and still accepts a good image. */
async function stillUp(): Promise<void> {
  expect(server.child.exitCode).toBeNull();
  expect((await request(server.url, 'GET', '/api/health')).status).toBe(200);
  const good = await sharp({
    create: { width: 8, height: 8, channels: 3, background: `#${randomBytes(3).toString('hex')}` },
  })
    .png()
    .toBuffer();
  const res = await upload({ name: 'ok.png', type: 'image/png', data: good });
  expect(res.status, res.text).toBe(201);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A PNG that says 100,000 × 100,000 pixels (10 gigapixels, 1-bit grey): its header is valid and
 * its first 2,000 rows of zeros are in the file; decoding it all would need gigabytes.
 */
function pngBomb(): Buffer {
  const side = 100_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(side / 8)); // filter byte + pixels
  const rows = deflateSync(Buffer.concat(Array.from({ length: 2000 }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

describe('hostile uploads', () => {
  it('refuses a decompression bomb of 100,000 × 100,000 pixels and stays up', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload({ name: 'bomb.png', type: 'image/png', data: bomb });
    expect(res.status).toBe(413);
    expect(res.json().message).toBe('Image is larger than 40 megapixels');
    await stillUp();
  });

  it('refuses HTML that starts like a page and ends with JPEG data', async () => {
    const jpeg = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#ff0000' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload({
      name: 'page.jpg',
      type: 'image/jpeg',
      data: Buffer.concat([Buffer.from(HTML), jpeg]),
    });
    expect(res.status).toBe(415);
    expect(res.json().message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded');
    await stillUp();
  });

  it('never serves the HTML of a JPEG/HTML polyglot: it is stored re-encoded, as an image, nosniff', async () => {
    const jpeg = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .toBuffer();
    // A real JPEG with the page in a comment segment right after SOI, and again after EOI.
    const comment = Buffer.from(HTML);
    const com = Buffer.alloc(4);
    com.writeUInt16BE(0xfffe, 0);
    com.writeUInt16BE(comment.length + 2, 2);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, comment, jpeg.subarray(2), comment]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');

    const res = await upload({ name: 'photo.jpg', type: 'image/jpeg', data: polyglot });
    if (res.status !== 201) {
      // Refusing it outright is just as good.
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    } else {
      const url = String(res.json().url);
      expect(url).toMatch(/^\/uploads\/[0-9a-f]+\.\w+$/);
      const served = await fetch(`${server.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes(Buffer.from('<script'))).toBe(false);
      expect(bytes.includes(Buffer.from('<html'))).toBe(false);
    }
    await stillUp();
  });

  it('refuses an SVG with a script, a non-image, and more than 5 MB, and stays up', async () => {
    const svg = await upload({
      name: 'x.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.status).toBe(415);
    const text = await upload({ name: 'x.png', type: 'image/png', data: Buffer.from(HTML) });
    expect(text.status).toBe(415);
    const big = await upload({
      name: 'big.jpg',
      type: 'image/jpeg',
      data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(6 * 1024 * 1024)]),
    });
    expect(big.status).toBe(413);
    expect(big.json().message).toBe('Image is larger than 5 MB');
    await stillUp();
  });
});
