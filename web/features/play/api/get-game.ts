import { useQuery } from '@tanstack/react-query';
import type { GameResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { playQueryOptions } from './play-query.ts';
import { playKeys } from './query-keys.ts';

/** Query options of GET /api/play/game: the player's saved scene, stats and counters, as the server keeps them. */
export function gameQueryOptions() {
  return playQueryOptions<GameResponse>(PLAY_PATHS.game, playKeys.game());
}

/** The player's game; only runs once a session exists (`enabled`). */
export function useGame(enabled = true) {
  return useQuery({ ...gameQueryOptions(), enabled });
}
