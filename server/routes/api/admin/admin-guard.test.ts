import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import {
  adminSession,
  guestSession,
  signUp,
  type TestSession,
} from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every admin route and method the OpenAPI document lists, with path parameters filled in. */
async function adminOperations(app: FastifyInstance) {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const ops: { method: string; url: string }[] = [];
  for (const [route, item] of Object.entries(
    doc.paths as Record<string, Record<string, unknown>>,
  )) {
    if (!route.startsWith('/api/admin/')) continue;
    for (const m of METHODS) {
      if (item[m]) ops.push({ method: m.toUpperCase(), url: route.replace(/\{[^}]+\}/g, 'x') });
    }
  }
  return ops;
}

describe.each(testEngines)('admin guard on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let player: TestSession;
  let guest: TestSession;
  let admin: TestSession;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
    player = await signUp(app);
    guest = await guestSession(app);
    admin = await adminSession(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('refuses every admin route: 401 anonymous, 403 guest and player', async () => {
    const ops = await adminOperations(app);
    const reached: string[] = [];
    for (const op of ops) {
      const as = async (cookie?: string) =>
        (
          await app.inject({
            method: op.method as 'GET',
            url: op.url,
            headers: cookie ? { cookie } : {},
          })
        ).statusCode;
      const [anon, g, p] = [await as(), await as(guest.cookie), await as(player.cookie)];
      if (anon !== 401 || g !== 403 || p !== 403)
        reached.push(`${op.method} ${op.url}: ${anon}/${g}/${p}`);
    }
    expect(reached).toEqual([]);
    // Unknown admin paths are guarded as well.
    expect((await app.inject({ method: 'GET', url: '/api/admin/unknown' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/unknown',
          headers: { cookie: player.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/unknown',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});
