import type { QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ID, type BootData } from '../../core/api/boot.ts';
import { CONSULTANTS_KEY } from '../features/consultants/query-key.ts';
import { homePageQuery, parseHomeContent } from '../features/home/api/get-home-page.ts';
import { pageQueryOptions } from '../features/pages/api/get-page.ts';
import { playKeys, SESSION_READY_KEY } from '../features/play/api/query-keys.ts';
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
  if (!data.session || typeof data.session !== 'object') return;
  client.setQueryData(SESSION_QUERY_KEY, data.session);
  if (!data.session.user) return;
  client.setQueryData(SESSION_READY_KEY, true);
  if (options.playtest) return;
  if (data.game) client.setQueryData(playKeys.game(), data.game);
  if (data.scene?.scene) client.setQueryData(playKeys.scene(data.scene.scene.id), data.scene);
}
