import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { signUp } from '../../test/server/sessions.ts';
import { buildTestApp, testConfig } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from './auth.ts';
import { lookupSession, readSignedToken } from './session-lookup.ts';

const NAME = 'better-auth.session_token';
const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('readSignedToken', () => {
  it('returns the token of a cookie signed with the secret, among other cookies', () => {
    const header = `theme=dark; ${NAME}=${sign('abc123', 's3cret')}; other=1`;
    expect(readSignedToken(header, NAME, 's3cret')).toBe('abc123');
  });

  it('refuses a wrong secret, a changed token, a missing signature and garbage', () => {
    expect(readSignedToken(`${NAME}=${sign('abc123', 'other')}`, NAME, 's3cret')).toBeNull();
    const forged = sign('abc123', 's3cret').replace('abc123', 'abc124');
    expect(readSignedToken(`${NAME}=${forged}`, NAME, 's3cret')).toBeNull();
    expect(readSignedToken(`${NAME}=abc123`, NAME, 's3cret')).toBeNull();
    expect(readSignedToken(`${NAME}=%E0%A4%A`, NAME, 's3cret')).toBeNull();
    expect(readSignedToken(undefined, NAME, 's3cret')).toBeNull();
    expect(readSignedToken(`x${NAME}=${sign('abc123', 's3cret')}`, NAME, 's3cret')).toBeNull();
  });

  it('remembers a checked value only for its own secret and value', () => {
    const good = `${NAME}=${sign('remembered', 's3cret')}`;
    expect(readSignedToken(good, NAME, 's3cret')).toBe('remembered');
    expect(readSignedToken(good, NAME, 's3cret')).toBe('remembered');
    // Checked once under 's3cret': still refused under another secret, and a changed value is checked anew.
    expect(readSignedToken(good, NAME, 'rotated')).toBeNull();
    const forged = sign('remembered', 's3cret').replace('remembered', 'rememberes');
    expect(readSignedToken(`${NAME}=${forged}`, NAME, 's3cret')).toBeNull();
  });
});

describe.each(testEngines)('the session fast path on $name', (engine) => {
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
  const me = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const tokenOf = (cookie: string) =>
    readSignedToken(cookie, NAME, testConfig().authSecret) as string;
  const lookup = { expiresInSec: SESSION_EXPIRES_IN, updateAgeSec: SESSION_UPDATE_AGE };

  it('answers a fresh session from one select, and nobody for a forged cookie', async () => {
    const s = await signUp(app, { email: 'fast@example.com', name: 'Fast' });
    const token = tokenOf(s.cookie);
    expect(token).toBeTruthy();
    const found = await lookupSession(db.db, token, lookup);
    expect(found).toMatchObject({ stale: false, user: { id: s.userId, role: 'player' } });
    expect((await me(s.cookie)).json().user.email).toBe('fast@example.com');
    expect((await me(`${NAME}=${sign(token, 'not-the-secret')}`)).json().user).toBeNull();
  });

  it('refuses an expired session and leaves one due for its refresh to Better Auth', async () => {
    const s = await signUp(app, { email: 'old@example.com', name: 'Old' });
    const token = tokenOf(s.cookie);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    // Created two days ago: still valid, but due for the once-a-day sliding refresh.
    const due = await lookupSession(db.db, token, {
      ...lookup,
      now: now + 2 * day,
    });
    expect(due).toMatchObject({ stale: true, user: { id: s.userId } });
    const expired = await lookupSession(db.db, token, { ...lookup, now: now + 31 * day });
    expect(expired).toEqual({ stale: false, user: null });

    // Really expire it: the app then treats the cookie as nobody's.
    await db.db
      .updateTable('session')
      .set({ expiresAt: new Date(now - 1000).toISOString() })
      .where('token', '=', token)
      .execute();
    expect((await me(s.cookie)).json().user).toBeNull();
  });
});
