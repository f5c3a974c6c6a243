import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { useGameMutation } from './play-query.ts';

/** 'Continue Adventure' (POST /api/play/game/continue): the saved game, or a new one when there is nothing to continue. */
export function useContinueGame() {
  return useGameMutation(PLAY_PATHS.continue);
}
