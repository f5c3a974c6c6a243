import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsOverview,
  AnalyticsQuery,
  SceneAnalytics,
} from '../../../core/api/analytics.ts';
import { apiFetch } from '../../lib/api.ts';

const analyticsKeys = {
  overview: (q: AnalyticsQuery) => ['admin', 'analytics', q.from ?? '', q.to ?? ''] as const,
  scene: (id: string, q: AnalyticsQuery) =>
    ['admin', 'analytics', 'scene', id, q.from ?? '', q.to ?? ''] as const,
};

/** How often the figures are read again while a backlog is being counted (they grow meanwhile). */
const COUNTING_REFRESH_MS = 3000;
const whileCounting = (query: { state: { data?: { counting: unknown } } }) =>
  query.state.data?.counting ? COUNTING_REFRESH_MS : false;

function search(q: AnalyticsQuery): string {
  const params = new URLSearchParams();
  if (q.from) params.set('from', q.from);
  if (q.to) params.set('to', q.to);
  return params.size ? `?${params}` : '';
}

/** GET /api/admin/analytics?from&to */
export function useAnalyticsOverview(q: AnalyticsQuery) {
  return useQuery({
    queryKey: analyticsKeys.overview(q),
    queryFn: ({ signal }) =>
      apiFetch<AnalyticsOverview>(`/api/admin/analytics${search(q)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: whileCounting,
  });
}

/** GET /api/admin/analytics/scenes/:id?from&to */
export function useSceneAnalytics(sceneId: string, q: AnalyticsQuery) {
  return useQuery({
    queryKey: analyticsKeys.scene(sceneId, q),
    queryFn: ({ signal }) =>
      apiFetch<SceneAnalytics>(
        `/api/admin/analytics/scenes/${encodeURIComponent(sceneId)}${search(q)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: whileCounting,
  });
}
