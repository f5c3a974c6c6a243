import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SponsorsResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** GET /api/play/sponsors: the sponsors of the panel beside the scene. */
export async function getSponsors(signal?: AbortSignal): Promise<SponsorsResponse> {
  return apiFetch<SponsorsResponse>(PLAY_PATHS.sponsors, { signal });
}

/** Query options of the sponsors; they rarely change. */
export function sponsorsQueryOptions() {
  return queryOptions({
    queryKey: playKeys.sponsors(),
    queryFn: ({ signal }) => getSponsors(signal),
    staleTime: 5 * 60_000,
  });
}

/** The sponsors list. */
export function useSponsors() {
  return useQuery(sponsorsQueryOptions());
}
