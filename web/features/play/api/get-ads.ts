import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdsResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** GET /api/play/ads: active advertisements, highest priority first. */
export async function getAds(signal?: AbortSignal): Promise<AdsResponse> {
  return apiFetch<AdsResponse>(PLAY_PATHS.ads, { signal });
}

/** Query options of the advertisements. */
export function adsQueryOptions() {
  return queryOptions({ queryKey: playKeys.ads(), queryFn: ({ signal }) => getAds(signal) });
}

/** The active advertisements (the ad screen reads one from here after a reload). */
export function useAds(enabled = true) {
  return useQuery({ ...adsQueryOptions(), enabled });
}
