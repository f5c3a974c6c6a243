import type { GameResponse, SceneResponse } from './play.ts';
import type { SessionResponse } from './session.ts';

/**
 * What the server writes into the HTML shell of a game page (a JSON data block, never run), so
 * the first screen needs no request before it can paint: the session, and on a scene page the
 * player's game and the scene as GET /api/play/game and GET /api/play/scenes/:id would answer.
 */
export interface BootData {
  session: SessionResponse;
  game?: GameResponse;
  scene?: SceneResponse;
}

/** The id of the <script type="application/json"> element that carries it. */
export const BOOT_DATA_ID = 'boot-data';

/** Game pages get boot data: /game and everything under it. */
export const BOOT_PATH = /^\/game(\/|$)/;
