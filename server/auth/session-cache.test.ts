import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { adminSession, signUp, type TestSession } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { type Db, openDatabase } from '../db/database.ts';
import type { SessionUser } from '../fastify.d.ts';
import { liveBus } from '../live/bus.ts';
import { authInvalidation, mayUseSessionCache, SessionCache } from './session-cache.ts';

const user = (id: string): SessionUser => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role: 'player',
  isAnonymous: false,
});

describe('SessionCache', () => {
  it('trusts a checked session for its TTL, never past the session expiry or refresh time', () => {
    let now = 1_000;
    const cache = new SessionCache({ ttlMs: 30_000, now: () => now });
    cache.set('a', user('a'), now + 60_000, cache.generation);
    cache.set('b', user('b'), now + 5_000, cache.generation);
    expect(cache.get('a')?.id).toBe('a');
    now += 6_000;
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')?.id).toBe('a');
    now += 25_000;
    expect(cache.get('a')).toBeNull();
  });

  it('does not store a lookup that a sign-out overtook', () => {
    const cache = new SessionCache();
    const since = cache.generation;
    cache.delete('a'); // the sign-out lands while the lookup is in flight
    cache.set('a', user('a'), Date.now() + 60_000, since);
    expect(cache.get('a')).toBeNull();
  });

  it('uses the cache on play routes only, and knows what each auth action invalidates', () => {
    expect(mayUseSessionCache('/api/play/choices')).toBe(true);
    expect(mayUseSessionCache('/api/admin/scenes')).toBe(false);
    expect(mayUseSessionCache('/api/session')).toBe(false);
    expect(mayUseSessionCache('/api/teach/classes/c1')).toBe(false);
    expect(mayUseSessionCache('/api/live?class=c1')).toBe(false);
    expect(mayUseSessionCache('/api/live')).toBe(true);
    expect(mayUseSessionCache('/game/scene/intro')).toBe(false);
    expect(authInvalidation('POST', '/api/auth/sign-out')).toBe('own');
    expect(authInvalidation('POST', '/api/auth/admin/set-role')).toBe('all');
    expect(authInvalidation('POST', '/api/auth/revoke-sessions')).toBe('all');
    expect(authInvalidation('GET', '/api/auth/get-session')).toBeNull();
  });
});

describe.each(testEngines)('cached sessions on $name', (engine) => {
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
  const get = (url: string, s: TestSession) =>
    app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });

  it('answers play requests without the database, but role checks always ask it', async () => {
    const admin = await adminSession(app);
    expect((await get('/api/play/game', admin)).statusCode).toBe(200);
    const hits = app.sessionCache.hits;
    expect((await get('/api/play/game', admin)).statusCode).toBe(200);
    expect(app.sessionCache.hits).toBe(hits + 1);

    // Demoted (as `npm run admin -- demote` does): admin routes and /api/session see it at once.
    await db.db
      .updateTable('user')
      .set({ role: 'player' })
      .where('id', '=', admin.userId)
      .execute();
    expect((await get('/api/admin/scenes', admin)).statusCode).toBe(403);
    expect((await get('/api/session', admin)).json().user.role).toBe('player');
    await db.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    expect((await get('/api/admin/scenes', admin)).statusCode).toBe(200);
    expect((await get('/api/session', admin)).json().user.role).toBe('admin');
  });

  it('forgets a session at once when it signs out here', async () => {
    const player = await signUp(app);
    expect((await get('/api/play/game', player)).statusCode).toBe(200);
    expect((await get('/api/play/game', player)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: player.cookie, origin: app.config.publicUrl },
    });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/play/game', player)).statusCode).toBe(401);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const pgEngine = testEngines.find((e) => e.name === 'postgres');

describe.runIf(pgUrl && pgEngine)('cached sessions on two servers of one PostgreSQL', () => {
  let first: Db;
  let second: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    first = await pgEngine!.open();
    second = await openDatabase({ databaseUrl: pgUrl, pgSchema: first.schema, pgPoolSize: 2 });
    a = await buildTestApp(first, { config: { databaseUrl: pgUrl } });
    b = await buildTestApp(second, { config: { databaseUrl: pgUrl } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await second?.close();
    await first?.close();
  });

  it('a sign-out on one server ends the session on the other as soon as it hears of it', async () => {
    const player = await signUp(a);
    const onB = () =>
      b.inject({ method: 'GET', url: '/api/play/game', headers: { cookie: player.cookie } });
    expect((await onB()).statusCode).toBe(200);
    expect((await onB()).statusCode).toBe(200);
    const heard = new Promise<void>((resolve) => {
      void liveBus(b).then((bus) => {
        const off = bus.onSessionsFlush(() => {
          off();
          resolve();
        });
      });
    });
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: player.cookie, origin: a.config.publicUrl },
    });
    expect(out.statusCode).toBe(200);
    await heard;
    expect((await onB()).statusCode).toBe(401);
  });
});
