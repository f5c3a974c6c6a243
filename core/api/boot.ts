import type { PageResponse, PublicConsultantView } from './admin-world-site.ts';
import type {
  FontsResponse,
  GameResponse,
  NewsResponse,
  SceneResponse,
  SponsorsResponse,
} from './play.ts';
import type { NewGameAhead } from './play-start.ts';
import type { SessionResponse } from './session.ts';

/**
 * The data a server-rendered page was rendered from (a JSON data block, never run): the same
 * values seed the query cache on the server, for the render, and in the browser, before it
 * hydrates, so both render the same page and the first screen needs no request before it can
 * paint. Every field is what its GET endpoint would answer for this visitor: the session
 * (GET /api/session), on game pages the player's game and the scene (GET /api/play/game,
 * /api/play/scenes/:id), the start screen's and footer pages' texts (GET /api/pages/:slug), the
 * consultants directory (GET /api/consultants) and the game layout's news, sponsors and fonts
 * (GET /api/play/news, /sponsors, /settings/fonts). `newGame`: only on the start screen `/` of a
 * visitor without a session, the new game their Start will make (core/api/play-start.ts
 * NewGameAhead), the same for every new visitor. `router` is React Router's hydration data
 * (loader data and errors of the matched routes).
 */
export interface BootData {
  /** Only on game pages: public pages are the same for every visitor. */
  session?: SessionResponse;
  game?: GameResponse;
  scene?: SceneResponse;
  pages?: Record<string, PageResponse>;
  consultants?: { consultants: PublicConsultantView[] };
  news?: NewsResponse;
  sponsors?: SponsorsResponse;
  fonts?: FontsResponse;
  newGame?: NewGameAhead;
  router?: RouterHydration;
}

/** React Router's hydration data as JSON (errors serialized the way StaticRouterProvider does). */
export interface RouterHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

/** The id of the <script type="application/json"> element that carries it. */
export const BOOT_DATA_ID = 'boot-data';

/** Game pages: /game and everything under it (one player's own page: private, never cached). */
export const BOOT_PATH = /^\/game(\/|$)/;
