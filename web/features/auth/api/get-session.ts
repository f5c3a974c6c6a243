import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession, SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** Query options for the session; kept fresh for 30 s (product rules "Limits" auth refresh tick). */
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
