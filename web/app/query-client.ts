import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../lib/api.ts';

/**
 * The admin area's TanStack Query client (player screens use web/lib/query.ts): data stays fresh for 30 s, and only failures worth retrying
 * (network, 502/503/504) are retried, twice. A 4xx is an answer, not a glitch.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}
