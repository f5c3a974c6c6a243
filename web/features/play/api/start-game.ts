import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** POST /api/play/game/start: clears the saved game and puts the player on the start scene. */
export async function startGame(): Promise<GameResponse> {
  return apiFetch<GameResponse>(PLAY_PATHS.start, { method: 'POST', body: {} });
}

/** 'Start New Game': stores the new game and refetches every play query (locks depend on stats). */
export function useStartGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startGame,
    onSuccess: async (data) => {
      queryClient.setQueryData(playKeys.game(), data);
      await queryClient.invalidateQueries({ queryKey: playKeys.scenes() });
    },
  });
}
