import { useQuery } from '@tanstack/react-query';
import type { AdsResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { playQueryOptions } from './play-query.ts';
import { playKeys } from './query-keys.ts';

/** Query options of GET /api/play/ads: active advertisements, highest priority first. */
function adsQueryOptions() {
  return playQueryOptions<AdsResponse>(PLAY_PATHS.ads, playKeys.ads());
}

/** The active advertisements (the ad screen reads one from here after a reload). */
export function useAds(enabled = true) {
  return useQuery({ ...adsQueryOptions(), enabled });
}
