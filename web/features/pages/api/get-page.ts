import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageResponse } from '../../../../core/api/admin-world-site.ts';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/pages/:slug: a footer page as the admin wrote it. */
function getPage(slug: string, signal?: AbortSignal): Promise<PageResponse> {
  return apiFetch<PageResponse>(`/api/pages/${encodeURIComponent(slug)}`, { signal });
}

/** Query options of one footer page (no retry: a missing page is shown at once). */
export function pageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['pages', slug],
    queryFn: ({ signal }) => getPage(slug, signal),
    retry: false,
  });
}

/** One footer page. */
export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
