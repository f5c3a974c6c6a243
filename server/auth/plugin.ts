import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOT_PATH } from '../../core/api/boot.ts';
import type { SessionUser } from '../fastify.d.ts';
import { liveBus } from '../live/bus.ts';
import {
  type Auth,
  CLIENT_IP_HEADER,
  createAuth,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from './auth.ts';
import { authInvalidation, mayUseSessionCache, SessionCache } from './session-cache.ts';
import { lookupSession, readSignedToken } from './session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Sessions checked recently, for play requests (see session-cache.ts). */
    sessionCache: SessionCache;
  }
}

/** Web Headers for Better Auth, with the client address Fastify resolved (never the client's own claim). */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * Paths whose handlers read request.user: the API, and the HTML shell of game pages (it carries
 * their boot data). Everything else (assets, other pages) skips the session lookup.
 */
const SESSIONLESS = ['/api/auth/', '/api/health', '/api/openapi.json'];
const needsSession = (url: string) =>
  (url.startsWith('/api/') && !SESSIONLESS.some((prefix) => url.startsWith(prefix))) ||
  BOOT_PATH.test(url.split('?')[0] ?? '');

/**
 * Mounts Better Auth at /api/auth/* and resolves the session of every other /api request into
 * request.user before any route or guard runs.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const auth = createAuth(app.db, app.dialect, app.config);
  app.decorate('auth', auth);

  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const lookup = { expiresInSec: SESSION_EXPIRES_IN, updateAgeSec: SESSION_UPDATE_AGE };
  const sessions = new SessionCache();
  app.decorate('sessionCache', sessions);
  // Sign-outs and account changes on other servers (PostgreSQL) empty this server's cache too.
  const bus = await liveBus(app);
  const stopFlushes = bus.onSessionsFlush(() => sessions.clear());
  app.addHook('onClose', async () => stopFlushes());

  app.addHook('onRequest', async (request) => {
    if (!needsSession(request.url)) return;
    const token = readSignedToken(request.headers.cookie, cookieName, app.config.authSecret);
    if (!token) return;
    // Play requests: a session checked within the last seconds needs no database round trip.
    const cacheable = mayUseSessionCache(request.url);
    if (cacheable) {
      const known = sessions.get(token);
      if (known) {
        request.user = known;
        return;
      }
    }
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
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      // Sign-out and account changes: the cached session must not outlive them on this server
      // (forgotten before and after, so a request racing the change cannot put it back).
      const invalidation = authInvalidation(request.method, url.pathname);
      const own = readSignedToken(request.headers.cookie, cookieName, app.config.authSecret);
      const forget = () => {
        if (invalidation === 'all') sessions.clear();
        else if (invalidation === 'own' && own) sessions.delete(own);
      };
      forget();
      let body: string | undefined;
      if (request.method === 'POST' && request.body !== undefined) {
        const data = request.body as Record<string, unknown>;
        // E-mails are trimmed before Better Auth sees them (spec §5).
        if (data && typeof data.email === 'string') data.email = data.email.trim();
        body = JSON.stringify(data);
      }
      const response = await auth.handler(
        new Request(url, { method: request.method, headers: authHeaders(request), body }),
      );
      forget();
      if (invalidation === 'all' || url.pathname === '/api/auth/sign-out') {
        void bus.publishFlush('sessions');
      }
      logAuthEvent(request, url.pathname, response.status);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}

/** Sign-ins, failed sign-ins and registrations go to the log: who and from where, never a password. */
function logAuthEvent(request: FastifyRequest, path: string, status: number): void {
  const action = path.replace('/api/auth/', '');
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
