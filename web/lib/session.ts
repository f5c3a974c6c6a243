import type { SessionResponse } from '../../core/api/session.ts';
import { apiFetch } from './api.ts';

/**
 * The query key of GET /api/session. Shared: the auth feature reads the session, the play
 * feature makes sure one exists (a guest's) before game data loads.
 */
export const SESSION_QUERY_KEY = ['session'] as const;

/** GET /api/session: the signed-in or guest user (role decided by the server), or null. */
export function getSession(): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/session');
}
