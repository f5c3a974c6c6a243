import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { RARELY_CHANGES } from './play-query.ts';
import { playKeys } from './query-keys.ts';

/**
 * GET /api/play/news: active news items, newest first. product rules "Data": a failed load gives an empty
 * list (and is logged) rather than an error on screen.
 */
async function getNews(signal?: AbortSignal): Promise<NewsResponse> {
  try {
    return await apiFetch<NewsResponse>(PLAY_PATHS.news, { signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    console.error('Failed to load news items', err);
    return { items: [] };
  }
}

/** Query options of the ticker's news; live updates invalidate them (see use-live-events). */
function newsQueryOptions() {
  return queryOptions({
    queryKey: playKeys.news(),
    queryFn: ({ signal }) => getNews(signal),
    staleTime: RARELY_CHANGES,
  });
}

/** The active news items. */
export function useNews() {
  return useQuery(newsQueryOptions());
}
