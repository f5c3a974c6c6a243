import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlayOption } from '../../../../core/api/play.ts';
import { isPendingLink } from '../../../../core/game/links.ts';
import { sceneQueryOptions } from '../api/get-scene.ts';
import { prefetchScenes } from '../api/get-scenes.ts';

/** The scenes the options of a scene can lead to: real targets only, each once. */
function prefetchTargets(options: readonly PlayOption[]): string[] {
  const ids = new Set<string>();
  for (const o of options) {
    const id = o.nextSceneId;
    if (o.locked || o.nextUrl || o.isPending || !id || isPendingLink(id)) continue;
    ids.add(id);
  }
  return [...ids];
}

/**
 * Prefetches the scenes the current options lead to (one request for all of them), and their
 * images, so a click paints the next scene at once instead of waiting for it.
 */
export function usePrefetchScenes(options: readonly PlayOption[] | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!options) return;
    prefetchScenes(queryClient, prefetchTargets(options))
      .then((ids) => {
        for (const id of ids) {
          const url = queryClient.getQueryData(sceneQueryOptions(id).queryKey)?.scene.imageUrl;
          if (url) new Image().src = url;
        }
      })
      .catch((err: unknown) => console.warn('Prefetching the next scenes failed', err));
  }, [options, queryClient]);
}
