import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  PlaytestResponse,
  StartPlaytestInput,
  StoryMapResponse,
} from '../../../core/api/story.ts';
import { apiFetch } from '../../lib/api.ts';
import { setActivePlaytest } from '../../lib/playtest.ts';
import { toast } from '../../lib/toast.ts';

export const storyKeys = { map: ['admin', 'story-map'] as const };

/** GET /api/admin/story-map: every scene and option, classified by the server. */
export function useStoryMap() {
  return useQuery({
    queryKey: storyKeys.map,
    queryFn: ({ signal }) => apiFetch<StoryMapResponse>('/api/admin/story-map', { signal }),
    staleTime: 0,
  });
}

/**
 * 'Play from here': asks the server for a test game at the scene, remembers it for this tab and
 * opens the scene in the player screens (which then play the test game, never the admin's own).
 */
export function usePlayFromHere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: StartPlaytestInput & { returnTo: string }) =>
      apiFetch<PlaytestResponse>('/api/admin/playtests', {
        method: 'POST',
        body: {
          sceneId: input.sceneId,
          ...(input.stats ? { stats: input.stats } : {}),
          ...(input.inventory?.length ? { inventory: input.inventory } : {}),
        },
      }),
    onSuccess: async (started, input) => {
      setActivePlaytest({
        playtestId: started.playtestId,
        sceneId: started.sceneId,
        sceneTitle: started.sceneTitle,
        returnTo: input.returnTo,
      });
      // The player screens must not show the admin's real game from the cache.
      queryClient.removeQueries({ queryKey: ['play'] });
      await navigate(`/game/scene/${encodeURIComponent(started.sceneId)}`);
    },
    onError: (err) => {
      toast({
        title: 'Error',
        description: `Could not start the play-test: ${err instanceof Error ? err.message : String(err)}`,
        variant: 'destructive',
      });
    },
  });
}
