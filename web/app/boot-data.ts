import type { QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ID, type BootData } from '../../core/api/boot.ts';
import type { PlayScene } from '../../core/api/play.ts';
import type { NewGameAhead } from '../../core/api/play-start.ts';
import type { SessionResponse } from '../../core/api/session.ts';
import { CONSULTANTS_KEY } from '../features/consultants/query-key.ts';
import { homePageQuery, parseHomeContent } from '../features/home/api/get-home-page.ts';
import { pageQueryOptions } from '../features/pages/api/get-page.ts';
import { NEW_GAME_KEY, playKeys, SESSION_READY_KEY } from '../features/play/api/query-keys.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';

/**
 * Reads (and removes) the data block the server wrote into the page (core/api/boot.ts);
 * missing or unreadable data is null (the screens then ask the API).
 */
export function readBootData(doc: Document = document): Partial<BootData> | null {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el) return null;
  el.remove();
  try {
    const data = JSON.parse(el.textContent ?? '') as Partial<BootData> | null;
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

/**
 * Puts a page's data into the query cache under the keys its screens read, the same on the
 * server (before it renders) and in the browser (before it hydrates), so the first screen paints
 * without waiting for GET /api/session, /api/play/game, the scene or the page texts. During an
 * admin's play-test the page's game is not the one being played: the play data is left out then.
 */
export function seedBootData(
  client: QueryClient,
  data: Partial<BootData> | null,
  options: { playtest?: boolean } = {},
): void {
  if (!data) return;
  for (const [slug, page] of Object.entries(data.pages ?? {})) {
    if (slug === 'home') client.setQueryData(homePageQuery.queryKey, parseHomeContent(page));
    else client.setQueryData(pageQueryOptions(slug).queryKey, page);
  }
  if (data.consultants) client.setQueryData(CONSULTANTS_KEY, data.consultants.consultants);
  if (data.news) client.setQueryData(playKeys.news(), data.news);
  if (data.sponsors) client.setQueryData(playKeys.sponsors(), data.sponsors);
  if (data.fonts) client.setQueryData(playKeys.fonts(), data.fonts);
  if (data.newGame && !options.playtest) {
    // Kept while the visitor reads the start screen, however long: it is taken at the click.
    client.setQueryDefaults(NEW_GAME_KEY, { gcTime: Number.POSITIVE_INFINITY });
    client.setQueryData(NEW_GAME_KEY, data.newGame);
  }
  if (!data.session || typeof data.session !== 'object') return;
  client.setQueryData(SESSION_QUERY_KEY, data.session);
  if (!data.session.user) return;
  client.setQueryData(SESSION_READY_KEY, true);
  if (options.playtest) return;
  if (data.game) client.setQueryData(playKeys.game(), data.game);
  if (data.scene?.scene) {
    client.setQueryData(playKeys.scene(data.scene.scene.id), withoutBefore(data.scene));
  }
}

/**
 * The page's scene without what its 'maybe' shows before the gap's end: the page was read some
 * time before it was seeded, so the time since the seed understates the time since the read. It
 * still tells a click after the gap's end (announcedFirst, web/features/play/lib/choice-flow.ts);
 * one before it waits for the answer.
 */
function withoutBefore<T extends { scene: PlayScene }>(data: T): T {
  const next = data.scene.nextInterruption;
  if (next?.kind !== 'maybe' || next.advertisement === undefined) return data;
  const { advertisement: _, ...after } = next;
  return { ...data, scene: { ...data.scene, nextInterruption: after } };
}

/**
 * Takes the new game the start screen's page carried (BootData `newGame`), once: null when there
 * is none, or when this browser has a session by now (a start, a sign-in since the page loaded),
 * whose Start continues its own game instead.
 */
export function takeNewGame(client: QueryClient): NewGameAhead | null {
  const newGame = client.getQueryData<NewGameAhead>(NEW_GAME_KEY);
  client.removeQueries({ queryKey: NEW_GAME_KEY, exact: true });
  if (!newGame || client.getQueryData<SessionResponse>(SESSION_QUERY_KEY)?.user) return null;
  return newGame;
}

/**
 * Puts a new game into the query cache as the first scene's screen reads it, before the start
 * that makes it has answered (paint-ahead Start, web/routes/start-button.ts): no session yet
 * (the start's answer brings it), the game, the scene with its options, sponsors, fonts, news.
 */
export function seedNewGame(client: QueryClient, newGame: NewGameAhead): void {
  const { game, scene, sponsors, fonts, news } = newGame;
  seedBootData(client, { sponsors, fonts, news });
  client.setQueryData(SESSION_QUERY_KEY, { user: null } satisfies SessionResponse);
  client.setQueryData(playKeys.game(), game);
  client.setQueryData(playKeys.scene(scene.scene.id), scene);
}

/** Takes back what seedNewGame put in for a start that failed: no game is left behind. */
export function dropNewGame(client: QueryClient, newGame: NewGameAhead): void {
  client.removeQueries({ queryKey: playKeys.game(), exact: true });
  client.removeQueries({ queryKey: playKeys.scene(newGame.scene.scene.id), exact: true });
}

/**
 * Marks the new game's scene stale (a start that continued another game: it was not theirs);
 * it is read again, as theirs, when a screen next shows it.
 */
export function staleNewGameScene(client: QueryClient, newGame: NewGameAhead): void {
  const queryKey = playKeys.scene(newGame.scene.scene.id);
  void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
