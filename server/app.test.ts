import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/server/databases.ts';
import { guestSession } from '../test/server/sessions.ts';
import { buildTestApp } from '../test/server/test-app.ts';
import type { Db } from './db/database.ts';
import { NUL_MESSAGE } from './plugins/errors.ts';

describe.each(testEngines)('app on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('GET /api/health checks the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: engine.name });
  });

  it('loads Better Auth on the first sign-in, and reads the session cookie it writes (http and https)', async () => {
    for (const publicUrl of ['http://localhost:3000', 'https://seo.example']) {
      const own = await buildTestApp(db, { config: { publicUrl } });
      const guest = await guestSession(own);
      const secure = publicUrl.startsWith('https:');
      expect(
        guest.cookie.startsWith(
          secure ? '__Secure-better-auth.session_token=' : 'better-auth.session_token=',
        ),
      ).toBe(true);
      const res = await own.inject({
        method: 'GET',
        url: '/api/session',
        headers: { cookie: guest.cookie },
      });
      expect(res.json().user?.id, publicUrl).toBe(guest.userId);
      await own.close();
    }
  });

  it('GET /api/health answers 503 when the database is gone', async () => {
    const other = await engine.open();
    const broken = await buildTestApp(other);
    await other.close();
    const res = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', message: 'Database unavailable' });
    await broken.close();
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'Route POST /api/nope not found' });
  });

  it('refuses a NUL character in a query or body with 400 before any route stores it', async () => {
    const guest = await guestSession(app);
    const headers = { cookie: guest.cookie, origin: app.config.publicUrl };
    const query = await app.inject({ method: 'GET', url: '/api/consultants?q=a%00b', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ error: 'Bad Request', message: NUL_MESSAGE });
    const body = await app.inject({
      method: 'POST',
      url: '/api/consultants',
      headers,
      payload: { name: 'Nul\u0000Name', email: 'nul@example.com' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe(NUL_MESSAGE);
    const stored = await db.db.selectFrom('consultant_submissions').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('sends security headers with a CSP that allows no inline scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses every /api/admin route without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/anything' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Authentication required' });
  });
});
