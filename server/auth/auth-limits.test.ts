import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { adminSession, cookieFrom, signUp } from '../../test/server/sessions.ts';
import { testConfig } from '../../test/server/test-app.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import { WindowCounter } from '../plugins/window-counter.ts';
import { AUTH_LIMITS, AuthLimiter, pairDelayMs } from './auth-limits.ts';
import { spendSignUpTime } from './plugin.ts';

describe('WindowCounter', () => {
  it('counts per key within a window and starts again after it', () => {
    let now = 0;
    const c = new WindowCounter(3, 10_000, () => now);
    expect([c.take('a'), c.take('a'), c.take('a'), c.take('a')]).toEqual([true, true, true, false]);
    expect(c.take('b')).toBe(true);
    expect(c.retryAfter('a')).toBe(10);
    now = 9_000;
    expect(c.isFull('a')).toBe(true);
    expect(c.retryAfter('a')).toBe(1);
    now = 10_000;
    expect(c.take('a')).toBe(true);
    c.give('a');
    expect(c.count('a')).toBe(0);
  });
});

describe('AuthLimiter', () => {
  it('lets a class of 40 on one address start, register and log in at once', () => {
    const limits = new AuthLimiter();
    for (let i = 0; i < 40; i++) {
      expect(
        limits.admit('sign-in/anonymous', { ip: '203.0.113.9', email: undefined }),
      ).toBeUndefined();
      expect(
        limits.admit('sign-up/email', { ip: '203.0.113.9', email: `s${i}@school.example` }),
      ).toBeUndefined();
      expect(
        limits.admit('sign-in/email', { ip: '203.0.113.9', email: `s${i}@school.example` }),
      ).toBeUndefined();
      limits.settle('sign-in/email', { ip: '203.0.113.9', email: `s${i}@school.example` }, 200);
    }
  });

  it('slows one address guessing an account with growing delays, never the owner elsewhere', () => {
    let now = 0;
    const limits = new AuthLimiter(() => now);
    const guess = (ip: string) => {
      const refused = limits.admit('sign-in/email', { ip: ip, email: 'Ann@Example.com ' });
      if (!refused) limits.settle('sign-in/email', { ip: ip, email: 'ann@example.com' }, 401);
      return refused;
    };
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      now += 11_000; // past the per-address window of 3 failures in 10 s
      let refused = guess('198.51.100.7');
      while (refused) {
        waits.push(refused.retryAfter);
        now += refused.retryAfter * 1000;
        refused = guess('198.51.100.7');
      }
    }
    // 3 free tries, then waits that double (each wait beyond the 11 s between tries).
    expect(waits).toEqual([5, 21, 53, 117, 245]);
    expect(pairDelayMs(30)).toBe(AUTH_LIMITS.maxPairDelayMs);
    // The owner, from another address, signs in at once: no lock on the account.
    expect(
      limits.admit('sign-in/email', { ip: '203.0.113.5', email: 'ann@example.com' }),
    ).toBeUndefined();
    limits.settle('sign-in/email', { ip: '203.0.113.5', email: 'ann@example.com' }, 200);
  });

  it('caps guesses on an account from many addresses, but not from the address the owner used', () => {
    let now = 0;
    const limits = new AuthLimiter(() => now);
    expect(
      limits.admit('sign-in/email', { ip: '203.0.113.5', email: 'ann@example.com' }),
    ).toBeUndefined();
    limits.settle('sign-in/email', { ip: '203.0.113.5', email: 'ann@example.com' }, 200);
    const max = AUTH_LIMITS.failuresPerAccount.max;
    for (let i = 0; i < max; i++) {
      const ip = `198.51.${Math.floor(i / 200)}.${i % 200}`;
      expect(limits.admit('sign-in/email', { ip: ip, email: 'ann@example.com' })).toBeUndefined();
      limits.settle('sign-in/email', { ip: ip, email: 'ann@example.com' }, 401);
    }
    const refused = limits.admit('sign-in/email', {
      ip: '198.51.100.250',
      email: 'ann@example.com',
    });
    expect(refused?.message).toBe(
      'Too many failed logins for this account; try again in 15 minutes',
    );
    // The owner's known address is not held by the others' guesses.
    expect(
      limits.admit('sign-in/email', { ip: '203.0.113.5', email: 'ann@example.com' }),
    ).toBeUndefined();
    now += AUTH_LIMITS.failuresPerAccount.windowMs;
    expect(
      limits.admit('sign-in/email', { ip: '198.51.100.250', email: 'ann@example.com' }),
    ).toBeUndefined();
  });
});

/** An app behind one simulated https proxy at 10.0.0.1 (TRUST_PROXY=1), its log lines kept. */
async function proxiedApp(db: Db, lines: string[]): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return buildApp({
    config: testConfig({ publicUrl: 'https://seo.example', trustProxy: 1 }),
    database: db,
    logger: { level: 'info', stream },
    loadContent: false,
    webRoot: '/nonexistent',
  });
}

describe.each(testEngines)('auth limits behind an https proxy on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    db = await engine.open();
    app = await proxiedApp(db, lines);
    await signUp(app, { email: 'victim@example.com', password: 'right-password' });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  /** A request from `real` through the proxy, the client having written `forged` first. */
  const viaProxy = (url: string, real: string, forged: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.0.0.1',
      headers: {
        origin: 'https://seo.example',
        'x-forwarded-for': `${forged}, ${real}`,
        'x-forwarded-proto': 'https',
      },
      ...(payload ? { payload } : {}),
    });

  it("refuses the 4th bad login from one real client with 429, however it rotates 'forged, real'", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await viaProxy('/api/auth/sign-in/email', '192.0.2.44', `172.16.0.${i}`, {
        email: `nobody${i}@example.com`,
        password: 'guess-guess',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json().message).toMatch(
          /^Too many failed logins from your network; try again in/,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The log names the real client, never the forged entry.
    const failed = lines.filter((l) => l.includes('auth sign-in/email failed'));
    expect(failed.length).toBeGreaterThanOrEqual(4);
    for (const line of failed) expect(JSON.parse(line).ip).toBe('192.0.2.44');
  });

  it('limits guessing one account from many real addresses, and records the real address', async () => {
    const owner = () =>
      viaProxy('/api/auth/sign-in/email', '192.0.2.9', '1.2.3.4', {
        email: 'victim@example.com',
        password: 'right-password',
      });
    expect((await owner()).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMITS.failuresPerAccount.max + 1; i++) {
      const res = await viaProxy('/api/auth/sign-in/email', `192.0.2.${100 + i}`, '1.2.3.4', {
        email: 'victim@example.com',
        password: 'wrong-password',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // No lock on the account: its owner signs in from the address used before.
    expect((await owner()).statusCode).toBe(200);

    const other = await viaProxy('/api/auth/sign-up/email', '192.0.2.250', '9.9.9.9', {
      email: 'proxied@example.com',
      password: 'secret123',
      name: 'Proxied',
    });
    expect(other.statusCode).toBe(200);
    const session = await db.db
      .selectFrom('session')
      .select('ipAddress')
      .where(
        'token',
        '=',
        decodeURIComponent(cookieFrom(other.headers['set-cookie'])).split('=')[1]!.split('.')[0]!,
      )
      .executeTakeFirst();
    expect(session?.ipAddress).toBe('192.0.2.250');
  }, 120_000); // 50 wrong passwords, each hashed: slow on a busy machine

  it('lets 40 guests on one address start within the minute', async () => {
    const statuses = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await viaProxy('/api/auth/sign-in/anonymous', '192.0.2.77', `10.9.9.${i}`)).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
  });
});

describe.each(testEngines)('auth endpoints on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildApp({
      config: testConfig(),
      database: db,
      logger: false,
      loadContent: false,
      webRoot: '/nonexistent',
    });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("ignores X-Forwarded-For when TRUST_PROXY is unset: the socket's address is the client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.0.2.9',
        headers: { origin: app.config.publicUrl, 'x-forwarded-for': `10.1.1.${i}` },
        payload: { email: 'nobody@example.com', password: 'guess-guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("switches off Better Auth's own admin API: 404 even for an admin", async () => {
    const admin = await adminSession(app);
    for (const path of [
      'admin/list-users',
      'admin/impersonate-user',
      'admin/set-user-password',
      'admin/ban-user',
      'admin/set-role',
      'update-user',
    ]) {
      const res = await app.inject({
        method: path === 'admin/list-users' ? 'GET' : 'POST',
        url: `/api/auth/${path}`,
        headers: { cookie: admin.cookie, origin: app.config.publicUrl },
        payload:
          path === 'admin/list-users' ? undefined : { userId: 'x', newPassword: 'hijacked1' },
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('spends a password hash on a sign-up with a registered address, as a new one does', async () => {
    await signUp(app, { email: 'taken@example.com' });
    expect(await spendSignUpTime(app.db, { email: 'taken@example.com', password: 'x' })).toBe(true);
    expect(await spendSignUpTime(app.db, { email: 'free@example.com', password: 'x' })).toBe(false);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '192.0.2.10',
      headers: { origin: app.config.publicUrl },
      payload: { email: 'Taken@example.com', password: 'secret123', name: 'Again' },
    });
    expect(again.statusCode).toBe(422);
  });
});
