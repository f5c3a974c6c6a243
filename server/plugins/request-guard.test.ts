import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { adminSession, cookieFrom, guestSession, nextAddress } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { readContent } from '../content/content-files.ts';
import type { Db } from '../db/database.ts';
import { crossSiteReason, GUARD_MESSAGES } from './request-guard.ts';

const BOUNDARY = 'x-boundary-17';
const multipartBody = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Type: image/png',
  '',
  'not really a png',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

/** The three bodies a page on another site can send without asking first (no CORS preflight). */
const SIMPLE_BODIES = [
  { type: 'text/plain', payload: '{"optionId":"x"}' },
  { type: 'application/x-www-form-urlencoded', payload: 'keep=guest' },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, payload: multipartBody },
];

describe('crossSiteReason', () => {
  const allowed = ['https://seo.example'];
  it('accepts this origin, and requests that name no origin at all (programs, not pages)', () => {
    expect(crossSiteReason({ origin: 'https://seo.example' }, allowed)).toBeUndefined();
    expect(crossSiteReason({}, allowed)).toBeUndefined();
    expect(crossSiteReason({ 'sec-fetch-site': 'same-origin' }, allowed)).toBeUndefined();
  });
  it('refuses other origins, a sibling port, null, and same-site or cross-site fetches', () => {
    expect(crossSiteReason({ origin: 'https://evil.example' }, allowed)).toBeDefined();
    expect(crossSiteReason({ origin: 'https://seo.example:8443' }, allowed)).toBeDefined();
    expect(crossSiteReason({ origin: 'null' }, allowed)).toBeDefined();
    expect(crossSiteReason({ 'sec-fetch-site': 'same-site' }, allowed)).toBeDefined();
    expect(crossSiteReason({ 'sec-fetch-site': 'cross-site' }, allowed)).toBeDefined();
  });
});

describe.each(testEngines)('state-changing requests on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: string;
  let guest: string;
  let sibling: string;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    admin = (await adminSession(app)).cookie;
    guest = (await guestSession(app)).cookie;
    // Same host, another port: same-site for cookies (SameSite=Lax lets them through).
    const own = new URL(app.config.publicUrl);
    sibling = `${own.protocol}//${own.hostname}:${Number(own.port || 80) + 1}`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const post = (url: string, cookie: string, headers: Record<string, string>, payload?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  const targets = () => [
    { url: '/api/play/game/start', cookie: guest },
    { url: '/api/play/choices', cookie: guest },
    { url: '/api/admin/scenes/intro/initial', cookie: admin },
    { url: '/api/admin/uploads', cookie: admin },
  ];

  it('refuses text/plain, form and multipart posts from another origin with 403, changing nothing', async () => {
    for (const { url, cookie } of targets()) {
      for (const origin of ['https://evil.example', sibling]) {
        for (const body of SIMPLE_BODIES) {
          const res = await post(url, cookie, { origin, 'content-type': body.type }, body.payload);
          expect(res.statusCode, `${url} ${origin} ${body.type}`).toBe(403);
          expect(res.json().message).toBe(GUARD_MESSAGES.crossSite);
        }
      }
    }
    const uploads = await db.db.selectFrom('files').select('hash').execute();
    expect(uploads).toEqual([]);
  });

  it('refuses a same-site fetch that names no Origin but says where it came from', async () => {
    for (const { url, cookie } of targets()) {
      const res = await post(url, cookie, { 'sec-fetch-site': 'same-site' });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('refuses bodies other than JSON from this origin too (415), multipart only on uploads', async () => {
    const origin = app.config.publicUrl;
    const text = await post(
      '/api/play/game/start',
      guest,
      { origin, 'content-type': 'text/plain' },
      'x',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(GUARD_MESSAGES.notJson);
    const form = await post(
      '/api/admin/scenes/intro/initial',
      admin,
      { origin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      multipartBody,
    );
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe(GUARD_MESSAGES.noUpload);
  });

  it('lets this origin, and programs that send no Origin, post JSON or nothing', async () => {
    const origin = app.config.publicUrl;
    expect((await post('/api/play/game/start', guest, { origin })).statusCode).toBe(200);
    expect((await post('/api/play/game/start', guest, {})).statusCode).toBe(200);
    const json = await post(
      '/api/play/game/start',
      guest,
      { origin, 'content-type': 'application/json' },
      '{}',
    );
    expect(json.statusCode).toBe(200);
    // Reading is never refused, whatever the origin.
    const read = await app.inject({
      method: 'GET',
      url: '/api/play/game',
      headers: { cookie: guest, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('serves auth writes that name no Origin, with a session cookie too (a program, not a page)', async () => {
    // A guest (cookie, no Origin) registers: the guest's game moves to the account.
    const { cookie } = await guestSession(app);
    const up = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextAddress(),
      headers: { cookie },
      payload: { email: 'no-origin@example.com', password: 'secret123', name: 'No Origin' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const account = cookieFrom(up.headers['set-cookie']);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      remoteAddress: nextAddress(),
      headers: { cookie: account },
    });
    expect(out.statusCode, out.body).toBe(200);
    // A page of another site still gets 403, with or without a cookie.
    const cross = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: account, origin: sibling },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('guards the auth routes the same way', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: sibling, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
  });
});
