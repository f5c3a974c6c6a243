import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { guestSession, nextAddress, signIn, signUp } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { setRole } from './roles.ts';

describe.each(testEngines)('accounts on $name', (engine) => {
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

  const me = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} });

  it('registers a player with a username taken from the e-mail', async () => {
    const s = await signUp(app, { email: '  Hatter.Jane@example.com ', name: 'Jane' });
    const res = await me(s.cookie);
    expect(res.json().user).toMatchObject({
      email: 'hatter.jane@example.com',
      username: 'hatter.jane',
      role: 'player',
      isAnonymous: false,
    });
    const row = await db.db
      .selectFrom('user')
      .select(['username', 'role'])
      .where('id', '=', s.userId)
      .executeTakeFirst();
    expect(row).toEqual({ username: 'hatter.jane', role: 'player' });
  });

  it('sets an httpOnly SameSite session cookie', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextAddress(),
      headers: { origin: app.config.publicUrl },
      payload: { email: 'cookie@example.com', password: 'secret123', name: 'C' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a password under 6 characters', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextAddress(),
      headers: { origin: app.config.publicUrl },
      payload: { email: 'short@example.com', password: '12345', name: 'S' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/i);
  });

  it('refuses a wrong password and limits sign-ins to 3 per 10 s per client', async () => {
    const s = await signUp(app, { email: 'limit@example.com' });
    const ip = nextAddress();
    const wrong = await signIn(app, s.email, 'nope-nope', { remoteAddress: ip });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('secret123');
    await signIn(app, s.email, 'nope-nope', { remoteAddress: ip });
    await signIn(app, s.email, 'nope-nope', { remoteAddress: ip });
    const fourth = await signIn(app, s.email, 'secret123', { remoteAddress: ip });
    expect(fourth.statusCode).toBe(429);
    const other = await signIn(app, s.email, 'secret123');
    expect(other.statusCode).toBe(200);
  });

  it('refuses a sign-in from a foreign origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      headers: { origin: 'https://evil.example', cookie: 'x=1' },
      payload: { email: 'limit@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('never makes an admin of whoever registers an ADMIN_EMAILS address first; promote does', async () => {
    expect(app.config.adminEmails).toContain('admin@example.com');
    const a = await signUp(app, { email: 'admin@example.com', name: 'Squatter' });
    expect((await me(a.cookie)).json().user.role).toBe('player');
    const again = await signIn(app, 'admin@example.com', 'secret123');
    expect(again.statusCode).toBe(200);
    expect((await me(a.cookie)).json().user.role).toBe('player');
    const admin = await app.inject({
      method: 'GET',
      url: '/api/admin/scenes',
      headers: { cookie: a.cookie },
    });
    expect(admin.statusCode).toBe(403);
    // What `npm run admin -- promote EMAIL` does on the server (scripts/admin.test.ts runs it).
    expect(await setRole(db.db, 'Admin@Example.com', 'admin')).toBe(true);
    expect((await me(a.cookie)).json().user.role).toBe('admin');
  });

  it('gives guests an anonymous session that /api/session reports', async () => {
    const g = await guestSession(app);
    expect((await me(g.cookie)).json().user).toMatchObject({
      isAnonymous: true,
      email: null,
      role: 'player',
    });
  });

  it('moves a guest’s progress to the account they register and removes the guest', async () => {
    const g = await guestSession(app);
    const now = new Date().toISOString();
    await db.db
      .insertInto('players')
      .values({
        user_id: g.userId,
        current_scene_id: 'day-2',
        stats: JSON.stringify({ gold: 42 }),
        choice_count: 2,
        scene_count: 2,
        last_event_at: null,
        is_guest: true,
        version: 2,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const account = await signUp(app, { email: 'from-guest@example.com', cookie: g.cookie });
    expect(account.userId).not.toBe(g.userId);
    const player = await db.db
      .selectFrom('players')
      .selectAll()
      .where('user_id', '=', account.userId)
      .executeTakeFirst();
    expect(player?.current_scene_id).toBe('day-2');
    expect(JSON.parse(player!.stats)).toEqual({ gold: 42 });
    expect(Boolean(player?.is_guest)).toBe(false);
    const guest = await db.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', g.userId)
      .executeTakeFirst();
    expect(guest).toBeUndefined();
  });

  it('never returns a password hash or the secret', async () => {
    const s = await signUp(app, { email: 'nohash@example.com' });
    for (const url of ['/api/session', '/api/auth/get-session']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });
      expect(res.body).not.toMatch(/\$2[aby]\$|scrypt|password/i);
      expect(res.body).not.toContain(app.config.authSecret);
    }
  });
});
