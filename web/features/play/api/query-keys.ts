/** Query keys of the play feature; mutations invalidate by these prefixes. */
export const playKeys = {
  all: ['play'] as const,
  game: () => ['play', 'game'] as const,
  scenes: () => ['play', 'scene'] as const,
  scene: (id: string) => ['play', 'scene', id] as const,
  ads: () => ['play', 'ads'] as const,
  news: () => ['play', 'news'] as const,
  sponsors: () => ['play', 'sponsors'] as const,
  fonts: () => ['play', 'fonts'] as const,
};

/** Set once a (guest or account) session exists: the game screens wait for it. */
export const SESSION_READY_KEY = [...playKeys.all, 'session-ready'] as const;

/**
 * The new game a visitor without a session gets from Start, carried by the start screen's page
 * (core/api/play-start.ts NewGameAhead). Outside `play`: nothing fetches it, nothing refetches it.
 */
export const NEW_GAME_KEY = ['new-game'] as const;
