import type { FastifyInstance } from 'fastify';
import { setRole } from '../../server/auth/roles.ts';

let counter = 0;
/** A distinct client address per call, so Better Auth's per-client rate limits never couple tests. */
export function nextAddress(): string {
  counter += 1;
  return `10.77.${(counter >> 8) & 255}.${counter & 255}`;
}

/** Cookie header value from a response's set-cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface TestSession {
  cookie: string;
  userId: string;
  email: string;
}

/** Registers a user through /api/auth/sign-up/email and returns its session cookie. */
export async function signUp(
  app: FastifyInstance,
  input: { email?: string; password?: string; name?: string; cookie?: string } = {},
): Promise<TestSession> {
  const email =
    input.email ?? `player${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: nextAddress(),
    headers: { origin: app.config.publicUrl, ...(input.cookie ? { cookie: input.cookie } : {}) },
    payload: { email, password: input.password ?? 'secret123', name: input.name ?? 'Test Player' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res.headers['set-cookie']), userId: res.json().user.id, email };
}

/** Signs in with e-mail and password; returns the raw response. */
export function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  extra: { cookie?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: extra.remoteAddress ?? nextAddress(),
    headers: { origin: app.config.publicUrl, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
    payload: { email, password },
  });
}

/** Creates a guest (anonymous) session. */
export async function guestSession(app: FastifyInstance): Promise<TestSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/anonymous',
    remoteAddress: nextAddress(),
    headers: { origin: app.config.publicUrl },
  });
  if (res.statusCode !== 200)
    throw new Error(`guest sign-in failed: ${res.statusCode} ${res.body}`);
  return {
    cookie: cookieFrom(res.headers['set-cookie']),
    userId: res.json().user.id,
    email: res.json().user.email,
  };
}

/** An admin session: admin@example.com registers, then is promoted as `npm run admin -- promote` does. */
export async function adminSession(app: FastifyInstance): Promise<TestSession> {
  const session = await signUp(app, { email: 'admin@example.com', name: 'Admin' });
  await setRole(app.db, 'admin@example.com', 'admin');
  return session;
}
