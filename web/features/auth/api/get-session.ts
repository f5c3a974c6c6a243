import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '../../../../core/api/session.ts';
import { apiFetch } from '../../../lib/api.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** GET /api/session: the signed-in or guest user (role decided by the server), or null. */
export function getSession(): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/session');
}

/** Query options for the session; kept fresh for 30 s (spec §9 auth refresh tick). */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  staleTime: 30_000,
  refetchInterval: 30_000,
});

/** The current session; `user` is null when nobody (not even a guest) is signed in. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
