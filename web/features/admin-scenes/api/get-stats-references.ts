import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsReference } from '../../../../core/api/admin-scenes.ts';
import { apiFetch } from '../../../lib/api.ts';

/**
 * GET /api/admin/scene-stats/references[?exclude=]: the stats other scenes set, offered as
 * references in the scene's 'Player Stats Configuration' (the scene being edited is left out).
 */
async function getStatsReferences(
  sceneId: string | null,
  signal?: AbortSignal,
): Promise<StatsReference[]> {
  const query = sceneId ? `?exclude=${encodeURIComponent(sceneId)}` : '';
  const r = await apiFetch<{ scenes: StatsReference[] }>(
    `/api/admin/scene-stats/references${query}`,
    { signal },
  );
  return r.scenes;
}

/** Query options of the stats references seen from one scene (or from a new one: null). */
function statsReferencesQueryOptions(sceneId: string | null) {
  return queryOptions({
    queryKey: ['admin', 'scene-stats', 'references', sceneId ?? ''],
    queryFn: ({ signal }) => getStatsReferences(sceneId, signal),
  });
}

/** The stats references seen from one scene. */
export function useStatsReferences(sceneId: string | null) {
  return useQuery(statsReferencesQueryOptions(sceneId));
}
