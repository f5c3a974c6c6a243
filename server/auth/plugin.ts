import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOT_PATH } from '../../core/api/boot.ts';
import { HttpError } from '../errors.ts';
import type { SessionUser } from '../fastify.d.ts';
import { liveBus } from '../live/bus.ts';
import {
  type Auth,
  CLIENT_IP_HEADER,
  createAuth,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
  sessionCookieName,
} from './auth.ts';
import { type AuthCaller, AuthLimiter } from './auth-limits.ts';
import { knownBrowserCookie, knownBrowserProof } from './known-browser.ts';
import { authInvalidation, mayUseSessionCache, SessionCache } from './session-cache.ts';
import { lookupSession, readSignedToken } from './session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth, loaded and set up on its first use (see registerAuth). */
    auth: () => Promise<Auth>;
    /** Sessions checked recently, for play requests (see session-cache.ts). */
    sessionCache: SessionCache;
    /**
     * The guest-start limit of /api/auth/sign-in/anonymous (AUTH_LIMITS.guestStarts), for routes
     * that make a guest themselves (POST /api/play/start): `admit` counts one start of the
     * request's address or throws the 429 a browser's sign-in would get; `settle` gives it back
     * when no guest was made.
     */
    guestStarts: {
      admit: (request: FastifyRequest) => void;
      settle: (request: FastifyRequest, made: boolean) => void;
    };
  }
}

/** Web Headers for Better Auth, with the client address Fastify resolved (never the client's own claim). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * Paths whose handlers read request.user: the API, and the HTML shell of game pages (it carries
 * their boot data) and of the start screen (it carries a new game only without a session).
 * Everything else (assets, other pages) skips the session lookup.
 */
const SESSIONLESS = ['/api/auth/', '/api/health', '/api/openapi.json'];
const needsSession = (url: string) => {
  if (url.startsWith('/api/')) return !SESSIONLESS.some((prefix) => url.startsWith(prefix));
  const path = url.split('?')[0] ?? '';
  return path === '/' || BOOT_PATH.test(path);
};

/**
 * Mounts Better Auth at /api/auth/* and resolves the session of every other /api request into
 * request.user before any route or guard runs. Better Auth itself is loaded on its first use (a
 * sign-in, sign-up, sign-out or a session due for its daily refresh): checking a fresh session
 * needs only the cookie's signature and one select (session-lookup.ts), so an idle server does
 * not carry it (lean server).
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const cookieName = sessionCookieName(app.config.publicUrl.startsWith('https:'));
  const siteOrigin = new URL(app.config.publicUrl).origin;
  let loading: Promise<Auth> | undefined;
  const loadAuth = () => {
    loading ??= (async () => {
      const auth = await createAuth(app.db, app.dialect, app.config);
      // Our reading of the session cookie must agree with the name Better Auth writes.
      const written = (await auth.$context).authCookies.sessionToken.name;
      if (written !== cookieName) {
        throw new Error(`Better Auth's session cookie is ${written}, expected ${cookieName}`);
      }
      return auth;
    })().catch((err) => {
      loading = undefined; // the next request tries again
      throw err;
    });
    return loading;
  };
  app.decorate('auth', loadAuth);
  const lookup = { expiresInSec: SESSION_EXPIRES_IN, updateAgeSec: SESSION_UPDATE_AGE };
  const sessions = new SessionCache();
  app.decorate('sessionCache', sessions);
  // Sign-outs and account changes on other servers (PostgreSQL) empty this server's cache too.
  const bus = await liveBus(app);
  const stopFlushes = bus.onSessionsFlush(() => sessions.clear());
  app.addHook('onClose', async () => stopFlushes());

  // A callback hook: without a session cookie, or with a recently checked session, the request
  // goes on without a promise; only a database lookup waits (lean hot path).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!needsSession(request.url)) return done();
    const token = readSignedToken(request.headers.cookie, cookieName, app.config.authSecret);
    if (!token) return done();
    // Play requests: a session checked within the last seconds needs no database round trip.
    const cacheable = mayUseSessionCache(request.url);
    if (cacheable) {
      const known = sessions.get(token);
      if (known) {
        request.user = known;
        return done();
      }
    }
    resolveSession(request, token, cacheable).then(() => done(), done);
  });

  /** Looks the session of a signed token up in the database (and refreshes it when due). */
  async function resolveSession(
    request: FastifyRequest,
    token: string,
    cacheable: boolean,
  ): Promise<void> {
    // Fast path: a validly signed cookie whose session is fresh is one indexed select.
    const since = sessions.generation;
    const fast = await lookupSession(app.db, token, lookup);
    if (!fast.user) return; // unknown, expired or banned: nobody
    if (!fast.stale) {
      request.user = fast.user;
      if (cacheable && fast.validUntil) sessions.set(token, fast.user, fast.validUntil, since);
      return;
    }
    // Due for its sliding refresh: Better Auth extends the session.
    const auth = await loadAuth();
    const result = await auth.api.getSession({ headers: authHeaders(request) });
    if (!result) return;
    const u = result.user as typeof result.user & {
      role?: string | null;
      isAnonymous?: boolean | null;
    };
    request.user = {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === 'admin' ? 'admin' : 'player',
      isAnonymous: Boolean(u.isAnonymous),
    } satisfies SessionUser;
  }

  const limiter = new AuthLimiter();
  app.decorate('guestStarts', {
    admit(request: FastifyRequest) {
      const refusal = limiter.admit('sign-in/anonymous', { ip: request.ip });
      if (!refusal) return;
      logAuthEvent(request, 'sign-in/anonymous', 429);
      throw new HttpError(429, refusal.message, 'rate_limited');
    },
    settle(request: FastifyRequest, made: boolean) {
      limiter.settle('sign-in/anonymous', { ip: request.ip }, made ? 200 : 503);
      logAuthEvent(request, 'sign-in/anonymous', made ? 200 : 503);
    },
  });
  const secure = app.config.publicUrl.startsWith('https:');
  /**
   * Proof that the browser signing in to `email` is the owner's: its known-browser cookie for
   * that account, or a live session of that very account (a re-sign-in). Undefined otherwise.
   */
  async function ownerProof(
    cookieHeader: string | undefined,
    session: string | null,
    email: string | undefined,
  ): Promise<string | undefined> {
    const tag = knownBrowserProof(cookieHeader, secure, app.config.authSecret, email);
    if (tag || !session || !email) return tag;
    const { user } = await lookupSession(app.db, session, lookup);
    const same = user && !user.isAnonymous && user.email.toLowerCase() === email.toLowerCase();
    return same ? `session:${user.id}` : undefined;
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      const action = url.pathname.replace('/api/auth/', '');
      // Only what the product uses; Better Auth's other endpoints (its admin API: impersonate,
      // set-user-password, list-users, ban...) are off. Admins work through /api/admin.
      if (!AUTH_ACTIONS.has(action)) {
        throw new HttpError(404, `Route ${request.method}:${url.pathname} not found`);
      }
      // Sign-out and account changes: the cached session must not outlive them on this server
      // (forgotten before and after, so a request racing the change cannot put it back).
      const invalidation = authInvalidation(request.method, url.pathname);
      const own = readSignedToken(request.headers.cookie, cookieName, app.config.authSecret);
      const forget = () => {
        if (invalidation === 'all') sessions.clear();
        else if (invalidation === 'own' && own) sessions.delete(own);
      };
      forget();
      const data =
        request.body && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)
          : undefined;
      // E-mails are trimmed before Better Auth sees them (product rules "Validation").
      if (data && typeof data.email === 'string') data.email = data.email.trim();
      const email = typeof data?.email === 'string' ? data.email : undefined;

      const caller: AuthCaller = {
        ip: request.ip,
        email,
        session: own ?? undefined,
        browser:
          action === 'sign-in/email'
            ? await ownerProof(request.headers.cookie, own, email)
            : undefined,
      };
      const refusal = limiter.admit(action, caller);
      if (refusal) {
        logAuthEvent(request, action, 429);
        reply.header('retry-after', String(refusal.retryAfter));
        throw new HttpError(429, refusal.message, 'rate_limited');
      }
      if (action === 'sign-up/email') await spendSignUpTime(app.db, data);
      const body = request.method === 'POST' && data ? JSON.stringify(data) : undefined;
      const auth = await loadAuth();
      const headers = authHeaders(request);
      // The request guard served it, so a request naming no Origin came from a program, not a
      // page (request-guard.ts). Better Auth would refuse it when it carries a cookie
      // (MISSING_OR_NULL_ORIGIN): the same rule everywhere, said in docs/security.md.
      if (request.headers.origin === undefined) headers.set('origin', siteOrigin);
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body }),
      );
      forget();
      if (invalidation === 'all' || action === 'sign-out') void bus.publishFlush('sessions');
      limiter.settle(action, caller, response.status);
      logAuthEvent(request, action, response.status);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (action === 'sign-in/email' && response.ok && email) {
        cookies.push(
          knownBrowserCookie(request.headers.cookie, secure, app.config.authSecret, email),
        );
      }
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}

/** The Better Auth endpoints the product uses; every other /api/auth path answers 404. */
const AUTH_ACTIONS = new Set([
  'sign-in/email',
  'sign-up/email',
  'sign-in/anonymous',
  'sign-out',
  'get-session',
]);

/**
 * A sign-up with a registered address is refused before Better Auth hashes a password, which
 * made it ~100 ms faster than a new one and told a prober the address exists. Hashing the given
 * password here too makes both take the same time (the message may still say the address is
 * taken: there is no e-mail step to hide it behind). Returns true when it hashed.
 */
export async function spendSignUpTime(
  db: FastifyInstance['db'],
  data: Record<string, unknown> | undefined,
): Promise<boolean> {
  if (typeof data?.email !== 'string' || typeof data.password !== 'string') return false;
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', data.email.toLowerCase())
    .executeTakeFirst();
  if (!taken) return false;
  const { hashPassword } = await import('better-auth/crypto');
  await hashPassword(data.password.slice(0, 200));
  return true;
}

/** Sign-ins, failed sign-ins and registrations go to the log: who and from where, never a password. */
function logAuthEvent(request: FastifyRequest, action: string, status: number): void {
  if (!['sign-in/email', 'sign-up/email', 'sign-in/anonymous', 'sign-out'].includes(action)) return;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  const fields = {
    action,
    status,
    email: typeof email === 'string' ? email : undefined,
    ip: request.ip,
  };
  if (status >= 400) request.log.warn(fields, `auth ${action} failed`);
  else request.log.info(fields, `auth ${action}`);
}
