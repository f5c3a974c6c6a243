import type { SessionUserView } from '../../../core/api/session.ts';

/** Where a player goes after logging in or registering (product rules "Screens" /auth). */
export const PLAYER_LANDING = '/game/scene/intro';
/** Where an admin goes after logging in: the CMS they signed in for. */
export const ADMIN_LANDING = '/admin';
/** The query parameter that names the page to return to (set by the admin guard). */
export const NEXT_PARAM = 'next';

/** How the /auth page was left: a login, a registration, or a session that already existed. */
export type AuthExit = 'login' | 'register' | 'session';

/**
 * `raw` as a path on this site to return to, or null: only '/…' paths (not '//host' or '/\host',
 * which browsers read as another site) and never /auth itself.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/auth' || raw.startsWith('/auth?') || raw.startsWith('/auth/')) return null;
  return raw;
}

const isAdminPath = (path: string) => path === '/admin' || /^\/admin[/?#]/.test(path);

/**
 * Where /auth leads once there is an account session. The spec sends everyone to the intro
 * scene; an admin who logs in (or arrives already signed in) came for the CMS, so they land on
 * the dashboard (build what an admin would expect). A registration keeps the spec's
 * intro. A page the guard sent them from (`next`) wins, unless it is an admin page and they
 * are not an admin (that would send them back here).
 */
export function landingAfterAuth(
  user: Pick<SessionUserView, 'role' | 'isAnonymous'> | null | undefined,
  exit: AuthExit,
  next: string | null,
): string {
  const admin = !!user && !user.isAnonymous && user.role === 'admin';
  const back = safeNext(next);
  if (back && (admin || !isAdminPath(back))) return back;
  if (admin && exit !== 'register') return ADMIN_LANDING;
  return PLAYER_LANDING;
}

/** The /auth address that returns to `path` after logging in. */
export function authPathFor(path: string): string {
  const back = safeNext(path);
  return back ? `/auth?${NEXT_PARAM}=${encodeURIComponent(back)}` : '/auth';
}
