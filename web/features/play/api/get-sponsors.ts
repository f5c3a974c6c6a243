import { useQuery } from '@tanstack/react-query';
import type { SponsorsResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { playQueryOptions, RARELY_CHANGES } from './play-query.ts';
import { playKeys } from './query-keys.ts';

/** Query options of GET /api/play/sponsors: the sponsors of the panel beside the scene. */
function sponsorsQueryOptions() {
  return playQueryOptions<SponsorsResponse>(
    PLAY_PATHS.sponsors,
    playKeys.sponsors(),
    RARELY_CHANGES,
  );
}

/** The sponsors list. */
export function useSponsors() {
  return useQuery(sponsorsQueryOptions());
}
