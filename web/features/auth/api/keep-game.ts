import type { KeepGameRequest, KeepGameResponse } from '../../../../core/api/keep-game.ts';
import { KEEP_GAME_PATH } from '../../../../core/api/play-constants.ts';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/play/game/choice: the guest's and the account's game while the player has not chosen. */
export function getGamesToKeep(): Promise<KeepGameResponse> {
  return apiFetch<KeepGameResponse>(KEEP_GAME_PATH);
}

/** POST /api/play/game/choice: keeps one game, the server deletes the other. */
export function keepGame(keep: KeepGameRequest['keep']): Promise<KeepGameResponse> {
  return apiFetch<KeepGameResponse>(KEEP_GAME_PATH, { body: { keep } });
}
