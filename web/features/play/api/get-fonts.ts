import { useQuery } from '@tanstack/react-query';
import type { FontSettings, FontsResponse } from '../../../../core/api/play.ts';
import { DEFAULT_FONT_SETTINGS, PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { playQueryOptions, RARELY_CHANGES } from './play-query.ts';
import { playKeys } from './query-keys.ts';

/** Query options of GET /api/play/settings/fonts: the admin's font settings for the game screens. */
function fontsQueryOptions() {
  return playQueryOptions<FontsResponse>(PLAY_PATHS.fonts, playKeys.fonts(), RARELY_CHANGES);
}

/** The font settings; the product rules "Limits" defaults until (or unless) they load. */
export function useFontSettings(): FontSettings {
  return useQuery(fontsQueryOptions()).data?.fonts ?? DEFAULT_FONT_SETTINGS;
}
