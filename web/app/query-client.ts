import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../lib/api.ts';

/**
 * The one query cache of the app (player and admin screens, server render and browser): data
 * stays fresh for 30 s, and only failures worth retrying (network, 502/503/504) are retried,
 * twice. A 4xx is an answer, not a glitch. No refetch on window focus or reconnect: live data
 * arrives through GET /api/live (web/features/play/api/use-live-updates.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}
