import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FontSettings, FontsResponse } from '../../../../core/api/play.ts';
import { DEFAULT_FONT_SETTINGS, PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** GET /api/play/settings/fonts: the admin's font settings for the game screens. */
export async function getFonts(signal?: AbortSignal): Promise<FontsResponse> {
  return apiFetch<FontsResponse>(PLAY_PATHS.fonts, { signal });
}

/** Query options of the font settings. */
export function fontsQueryOptions() {
  return queryOptions({
    queryKey: playKeys.fonts(),
    queryFn: ({ signal }) => getFonts(signal),
    staleTime: 5 * 60_000,
  });
}

/** The font settings; the product rules "Limits" defaults until (or unless) they load. */
export function useFontSettings(): FontSettings {
  return useQuery(fontsQueryOptions()).data?.fonts ?? DEFAULT_FONT_SETTINGS;
}
