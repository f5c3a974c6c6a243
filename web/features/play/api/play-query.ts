import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameResponse } from '../../../../core/api/play.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** How long answers that rarely change (sponsors, fonts, news) stay fresh: five minutes. */
export const RARELY_CHANGES = 5 * 60_000;

/** Query options of a GET under /api/play: the answer of `path` kept under `queryKey`. */
export function playQueryOptions<T>(path: string, queryKey: QueryKey, staleTime?: number) {
  const queryFn = ({ signal }: { signal: AbortSignal }) => apiFetch<T>(path, { signal });
  // No staleTime key at all unless given: an undefined one would override the client's default.
  return queryOptions(
    staleTime === undefined ? { queryKey, queryFn } : { queryKey, queryFn, staleTime },
  );
}

/**
 * A POST under /api/play that answers with the game (start, continue): stores that game and
 * refetches the scenes (their locks depend on the stats).
 */
export function useGameMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<GameResponse>(path, { method: 'POST', body: {} }),
    onSuccess: async (data) => {
      queryClient.setQueryData(playKeys.game(), data);
      await queryClient.invalidateQueries({ queryKey: playKeys.scenes() });
    },
  });
}
