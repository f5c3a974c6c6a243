/**
 * The constants of the play contract (core/api/play.ts re-exports them). No zod here: the
 * player's screens import this module, and the contract's schemas stay on the server.
 */
/** The four font slots of font_settings, each a size and a family (play.ts's fontSettingsSchema). */
type FontDefaults = Record<
  'title' | 'subtitle' | 'content' | 'choices',
  { fontSize: string; fontFamily: string }
>;

/** product rules "Limits" font defaults: title 5xl, subtitle xl, content base, choices lg. */
export const DEFAULT_FONT_SETTINGS: FontDefaults = Object.freeze({
  title: Object.freeze({ fontSize: '5xl', fontFamily: 'sans-serif' }),
  subtitle: Object.freeze({ fontSize: 'xl', fontFamily: 'sans-serif' }),
  content: Object.freeze({ fontSize: 'base', fontFamily: 'Verdana' }),
  choices: Object.freeze({ fontSize: 'lg', fontFamily: 'Verdana' }),
}) as FontDefaults;

/**
 * The document at GET /api/play/scenes/:id/html posts `{ type: SCENE_HTML_HEIGHT_MESSAGE, height }`
 * (pixels) to its parent on load and resize, so the page can size the sandboxed iframe.
 */
export const SCENE_HTML_HEIGHT_MESSAGE = 'seo-adventure:scene-html-height';

/** Events of GET /api/live (text/event-stream): refetch the ticker / scene data when they arrive. */
const LIVE_EVENTS = ['news', 'content'] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** At most this many scenes in one GET /api/play/scenes?ids= (the targets of one scene's options). */
export const SCENES_BATCH_MAX = 20;

/** The play routes, for fetchers. */
export const PLAY_PATHS = Object.freeze({
  game: '/api/play/game',
  start: '/api/play/game/start',
  continue: '/api/play/game/continue',
  /** The start screen's one request: session, game and first scene (core/api/play-start.ts). */
  startPlay: '/api/play/start',
  scene: (id: string) => `/api/play/scenes/${encodeURIComponent(id)}`,
  scenes: (ids: readonly string[]) =>
    `/api/play/scenes?ids=${ids.map((id) => encodeURIComponent(id)).join(',')}`,
  sceneHtml: (id: string) => `/api/play/scenes/${encodeURIComponent(id)}/html`,
  choices: '/api/play/choices',
  ads: '/api/play/ads',
  news: '/api/play/news',
  sponsors: '/api/play/sponsors',
  fonts: '/api/play/settings/fonts',
  live: '/api/live',
});

/**
 * Keeping one game (docs/architecture.md "Vocabulary": a game is one guest's or account's
 * play-through): a guest who played and then logs in to an account that has a saved game of its
 * own keeps both until they pick the one to continue; nothing is replaced silently (keep-game.ts
 * has the contract). The path keeps its old name (`/game/choice`) so that browsers already loaded
 * keep working.
 */
export const KEEP_GAME_PATH = '/api/play/game/choice';
