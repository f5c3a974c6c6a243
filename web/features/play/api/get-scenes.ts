import type { QueryClient } from '@tanstack/react-query';
import type { ScenesResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS, SCENES_BATCH_MAX } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { sceneQueryOptions } from './get-scene.ts';
import { playKeys } from './query-keys.ts';

/** GET /api/play/scenes?ids=: several scenes in one request, each as GET /api/play/scenes/:id. */
async function getScenes(ids: readonly string[], signal?: AbortSignal) {
  return apiFetch<ScenesResponse>(PLAY_PATHS.scenes(ids), { signal });
}

/** True when the cache holds no usable copy of the scene (none, invalidated or stale). */
function needsFetch(queryClient: QueryClient, id: string): boolean {
  const query = queryClient.getQueryCache().find({ queryKey: playKeys.scene(id), exact: true });
  if (!query || query.state.data === undefined || query.state.isInvalidated) return true;
  if (query.state.fetchStatus === 'fetching') return false;
  const staleTime = queryClient.getDefaultOptions().queries?.staleTime;
  return query.isStaleByTime(typeof staleTime === 'number' ? staleTime : 0);
}

/**
 * Puts the scenes `ids` into the query cache with one request (those not already there), so a
 * click on an option leading to one paints it at once. A copy fetched while a choice changed the
 * player's game (its locks would be against the old stats) is dropped. Resolves with the scenes
 * stored; a failure is left to the click, which then waits for the choice's answer.
 */
export async function prefetchScenes(
  queryClient: QueryClient,
  ids: readonly string[],
): Promise<string[]> {
  // A ',' inside an id cannot travel in the list; such a scene comes with the choice's answer.
  const wanted = ids
    .filter((id) => !id.includes(',') && needsFetch(queryClient, id))
    .slice(0, SCENES_BATCH_MAX);
  if (wanted.length === 0) return [];
  const gameAt = queryClient.getQueryState(playKeys.game())?.dataUpdatedAt;
  const { scenes } = await getScenes(wanted);
  if (queryClient.getQueryState(playKeys.game())?.dataUpdatedAt !== gameAt) return [];
  for (const scene of scenes) {
    queryClient.setQueryData(sceneQueryOptions(scene.id).queryKey, { scene });
  }
  return scenes.map((s) => s.id);
}
