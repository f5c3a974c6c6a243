import type { GameChoiceRequest, GameChoiceResponse } from '../../../../core/api/game-choice.ts';
import { GAME_CHOICE_PATH } from '../../../../core/api/game-choice.ts';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/play/game/choice: the guest's and the account's game while the player has not chosen. */
export function getGameChoice(): Promise<GameChoiceResponse> {
  return apiFetch<GameChoiceResponse>(GAME_CHOICE_PATH);
}

/** POST /api/play/game/choice: keeps one game, the server deletes the other. */
export function keepGame(keep: GameChoiceRequest['keep']): Promise<GameChoiceResponse> {
  return apiFetch<GameChoiceResponse>(GAME_CHOICE_PATH, { body: { keep } });
}
