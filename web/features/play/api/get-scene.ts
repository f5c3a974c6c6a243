import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SceneResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { ApiError, apiFetch, isRetryable } from '../../../lib/api.ts';
import { isSceneNotFound } from '../lib/guards.ts';
import { playKeys } from './query-keys.ts';

/** A scene that does not exist, and where the server says to go instead (null: no scenes at all). */
export class SceneNotFoundError extends Error {
  readonly fallbackSceneId: string | null;

  constructor(message: string, fallbackSceneId: string | null) {
    super(message);
    this.name = 'SceneNotFoundError';
    this.fallbackSceneId = fallbackSceneId;
  }
}

/** GET /api/play/scenes/:id: a scene with its options as this player sees them (locks included). */
async function getScene(id: string, signal?: AbortSignal): Promise<SceneResponse> {
  try {
    return await apiFetch<SceneResponse>(PLAY_PATHS.scene(id), { signal });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    // The 404's body names where to go instead; a body without it still means the scene is missing.
    if (isSceneNotFound(err.body)) {
      throw new SceneNotFoundError(err.body.message, err.body.fallbackSceneId);
    }
    throw new SceneNotFoundError(`Scene ${id} not found`, null);
  }
}

/** Query options of one scene; also used to prefetch the scenes an option leads to. */
export function sceneQueryOptions(id: string) {
  return queryOptions({
    queryKey: playKeys.scene(id),
    queryFn: ({ signal }) => getScene(id, signal),
    // product rules "Limits": a scene load is retried up to 3 times, but only for network-type failures.
    retry: (count, err) => count < 3 && isRetryable(err),
  });
}

/** One scene of the game; waits until `enabled` (a session exists). */
export function useScene(id: string, enabled = true) {
  return useQuery({ ...sceneQueryOptions(id), enabled: enabled && id !== '' });
}
