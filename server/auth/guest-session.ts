import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { SessionUser } from '../fastify.d.ts';
import { authHeaders } from './plugin.ts';

/** A guest made on the server: who it is and the cookies that carry its session. */
export interface GuestSession {
  user: SessionUser;
  cookies: string[];
}

/**
 * A new guest session made through Better Auth, as if the browser had asked
 * POST /api/auth/sign-in/anonymous: routes that start play without a session (joining a class,
 * POST /api/play/start) make the guest themselves and send its cookies with their answer, so
 * the browser needs no sign-in request first. `what` names the caller in the log. 503 in words
 * when Better Auth did not make one.
 */
export async function newGuestSession(
  app: FastifyInstance,
  request: FastifyRequest,
  what: string,
): Promise<GuestSession> {
  const auth = await app.auth();
  const headers = authHeaders(request);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const url = new URL('/api/auth/sign-in/anonymous', app.config.publicUrl);
  const response = await auth.handler(new Request(url, { method: 'POST', headers, body: '{}' }));
  const body = (await response.json().catch(() => null)) as { user?: SessionUser } | null;
  if (!response.ok || !body?.user?.id) {
    request.log.error({ status: response.status }, `${what}: guest session not created`);
    throw new HttpError(503, 'Could not start your game just now; try again');
  }
  const user = { ...body.user, role: 'player' as const, isAnonymous: true };
  return { user, cookies: response.headers.getSetCookie() };
}
