import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playKeys } from './query-keys.ts';

/** GET /api/play/game: the player's saved scene, stats and counters, as the server keeps them. */
export async function getGame(signal?: AbortSignal): Promise<GameResponse> {
  return apiFetch<GameResponse>(PLAY_PATHS.game, { signal });
}

/** Query options of the player's game. */
export function gameQueryOptions() {
  return queryOptions({ queryKey: playKeys.game(), queryFn: ({ signal }) => getGame(signal) });
}

/** The player's game; only runs once a session exists (`enabled`). */
export function useGame(enabled = true) {
  return useQuery({ ...gameQueryOptions(), enabled });
}
