import type { QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ID, type BootData } from '../../core/api/boot.ts';
import { playKeys, SESSION_READY_KEY } from '../features/play/api/query-keys.ts';
import { getActivePlaytest } from '../lib/playtest.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';

/**
 * Puts the data the server wrote into a game page (core/api/boot.ts) into the query cache, so
 * the first screen paints without waiting for GET /api/session, /api/play/game and the scene.
 * The element is removed once read; unreadable data is ignored (the screens then ask the API).
 * During an admin's play-test the page's game is not the one being played: only the session
 * is used then.
 */
export function seedBootData(client: QueryClient, doc: Document = document): void {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el) return;
  el.remove();
  let data: Partial<BootData>;
  try {
    data = JSON.parse(el.textContent ?? '') as Partial<BootData>;
  } catch {
    return;
  }
  if (!data?.session || typeof data.session !== 'object') return;
  client.setQueryData(SESSION_QUERY_KEY, data.session);
  if (!data.session.user) return;
  client.setQueryData(SESSION_READY_KEY, true);
  if (getActivePlaytest()) return;
  if (data.game) client.setQueryData(playKeys.game(), data.game);
  if (data.scene?.scene) client.setQueryData(playKeys.scene(data.scene.scene.id), data.scene);
}
