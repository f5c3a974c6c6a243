import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { getSession, SESSION_QUERY_KEY as SESSION_KEY } from '../../../lib/session.ts';
import { SESSION_READY_KEY } from './query-keys.ts';
import { useStartAhead } from './start-play.ts';

/** One guest sign-in at a time, however many screens ask at once. */
let guestSignIn: Promise<unknown> | null = null;

/** POST /api/auth/sign-in/anonymous: a guest session (Better Auth's anonymous plugin). */
function signInAsGuest(): Promise<unknown> {
  guestSignIn ??= apiFetch('/api/auth/sign-in/anonymous', { method: 'POST', body: {} }).finally(
    () => {
      guestSignIn = null;
    },
  );
  return guestSignIn;
}

/**
 * Makes sure the browser has a session before game data loads (guests get an
 * anonymous server session, so their progress lives on the server). Asks GET /api/session and,
 * when nobody is signed in, signs in as a guest once and refreshes the cached session.
 */
async function ensureSession(queryClient: QueryClient): Promise<true> {
  const { user } = await queryClient.fetchQuery({
    queryKey: SESSION_KEY,
    queryFn: getSession,
  });
  if (user) return true;
  await signInAsGuest();
  await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  return true;
}

/**
 * `ready`: a (guest or account) session exists; the game screens wait for it before they ask the
 * API anything. `ahead`: a start painted ahead of its answer (start-play.ts) is on its way: the
 * scene screen may show the new game already in the cache, but nothing is asked (not even
 * whether there is a session: the start's answer brings it) until the answer is in.
 */
export function useEnsureSession() {
  const queryClient = useQueryClient();
  const ahead = useStartAhead();
  const query = useQuery({
    queryKey: SESSION_READY_KEY,
    queryFn: () => ensureSession(queryClient),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: !ahead,
  });
  return {
    ready: !ahead && query.data === true,
    ahead,
    error: query.error,
    isPending: query.isPending,
  };
}
