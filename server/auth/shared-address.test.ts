import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { cookieFrom, signIn, signUp } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { AUTH_LIMITS } from './auth-limits.ts';

/**
 * The people behind one address (a school, a home's IPv6 network) are not locked out by what
 * someone else there sends (docs/security.md "Sign-in limits").
 */
describe.each(testEngines)('one shared address on $name', (engine) => {
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

  const post = (url: string, remoteAddress: string, payload: object, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: app.config.publicUrl, ...(cookie ? { cookie } : {}) },
      payload,
    });

  it('260 junk sign-ins from a school address leave the owner signing in from it', async () => {
    const school = '203.0.113.40';
    await signUp(app, { email: 'teacher@school.example', password: 'right-password' });
    // The teacher signed in from school before (yesterday, say), then signed out.
    expect(
      (await signIn(app, 'teacher@school.example', 'right-password', { remoteAddress: school }))
        .statusCode,
    ).toBe(200);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 260; i++) {
      const res = await post('/api/auth/sign-in/email', school, {
        email: `made-up-${i}@nowhere.example`,
        password: 'whatever1',
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    // The junk is slowed (429 after the first failures) ...
    expect(statuses.get(429)).toBeGreaterThan(200);
    // ... and the owner, from the same address, from a browser with no cookie at all, gets in.
    const owner = await signIn(app, 'teacher@school.example', 'right-password', {
      remoteAddress: school,
    });
    expect(owner.statusCode).toBe(200);
  }, 120_000);

  it('9 wrong guesses from the owner’s own address do not make the owner wait', async () => {
    const home = '198.51.100.23';
    await signUp(app, { email: 'owner@home.example', password: 'right-password' });
    const first = await signIn(app, 'owner@home.example', 'right-password', {
      remoteAddress: home,
    });
    expect(first.statusCode).toBe(200);
    // The owner's browser keeps the known-browser cookie, not the session (signed out).
    const browser = cookieFrom(first.headers['set-cookie'])
      .split('; ')
      .filter((c) => c.startsWith('seo_known_browser='))
      .join('; ');
    expect(browser).toMatch(/^seo_known_browser=[\w-]{22}$/);
    const guesses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await signIn(app, 'owner@home.example', `wrong-${i}`, { remoteAddress: home });
      guesses.push(res.statusCode);
    }
    // The guesser on that address is slowed: 3 free tries, then each next one waits.
    expect(guesses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(guesses.slice(3).every((s) => s === 429)).toBe(true);
    const owner = await signIn(app, 'owner@home.example', 'right-password', {
      remoteAddress: home,
      cookie: browser,
    });
    expect(owner.statusCode).toBe(200);
    // The guesser, without the cookie, on that address, still waits.
    const stranger = await signIn(app, 'owner@home.example', 'wrong-again', {
      remoteAddress: home,
    });
    expect(stranger.statusCode).toBe(429);
  }, 60_000);

  it('150 sign-ups from one IPv6 /64 meet the limit of 100; another /64 registers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const res = await post(`/api/auth/sign-up/email`, `2001:db8:64:1::${(i + 1).toString(16)}`, {
        email: `v6-${i}@example.com`,
        password: 'secret123',
        name: 'Six',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(AUTH_LIMITS.signUps.max);
    expect(statuses.slice(AUTH_LIMITS.signUps.max).every((s) => s === 429)).toBe(true);
    const other = await post('/api/auth/sign-up/email', '2001:db8:64:2::1', {
      email: 'v6-other@example.com',
      password: 'secret123',
      name: 'Six',
    });
    expect(other.statusCode).toBe(200);
  }, 300_000);

  it('100 refused sign-up bodies hold registration from that address for seconds, not minutes', async () => {
    const school = '203.0.113.41';
    let last = 0;
    for (let i = 0; i < 100; i++) {
      last = (
        await post('/api/auth/sign-up/email', school, { email: 'not-an-email', password: 'x' })
      ).statusCode;
    }
    expect(last).toBe(429);
    const held = await post('/api/auth/sign-up/email', school, {
      email: 'pupil@school.example',
      password: 'secret123',
      name: 'Pupil',
    });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(
      AUTH_LIMITS.refusedSignUps.windowMs / 1000,
    );
  });
});
