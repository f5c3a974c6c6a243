import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** POST /api/play/game/continue: the saved game, or a new one when there is nothing to continue. */
export async function continueGame(): Promise<GameResponse> {
  return apiFetch<GameResponse>(PLAY_PATHS.continue, { method: 'POST', body: {} });
}

/** 'Continue Adventure': stores the game the server answers with and refetches the scenes. */
export function useContinueGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: continueGame,
    onSuccess: async (data) => {
      queryClient.setQueryData(playKeys.game(), data);
      await queryClient.invalidateQueries({ queryKey: playKeys.scenes() });
    },
  });
}
