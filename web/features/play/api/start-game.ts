import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { useGameMutation } from './play-query.ts';

/** 'Start New Game' (POST /api/play/game/start): clears the saved game and puts the player on the start scene. */
export function useStartGame() {
  return useGameMutation(PLAY_PATHS.start);
}
