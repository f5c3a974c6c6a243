import type { FastifyInstance } from 'fastify';
import { BOOT_DATA_ID, type BootData } from '../../core/api/boot.ts';
import type { SessionResponse } from '../../core/api/session.ts';
import type { SessionUser } from '../fastify.d.ts';
import { getGame } from './play/game.ts';
import { readScene } from './play/scene-view.ts';

/** GET /api/session's answer for a session user (or nobody). */
export function sessionView(u: SessionUser | null | undefined): SessionResponse {
  if (!u) return { user: null };
  return {
    user: {
      id: u.id,
      email: u.isAnonymous ? null : u.email,
      name: u.name,
      username: u.isAnonymous ? null : (u.email.split('@')[0] ?? null),
      role: u.role,
      isAnonymous: u.isAnonymous,
    },
  };
}

/**
 * The boot data of a game page: the session, and on /game/scene/:id the game and the scene
 * exactly as the play API answers them. A failing read leaves that part out (the page then asks
 * the API as usual) rather than failing the page.
 */
export async function bootData(
  app: FastifyInstance,
  user: SessionUser | null | undefined,
  pathname: string,
): Promise<BootData> {
  const data: BootData = { session: sessionView(user) };
  const sceneId = /^\/game\/scene\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!user || !sceneId) return data;
  try {
    const id = decodeURIComponent(sceneId);
    const [game, read] = await Promise.all([getGame(app.db, user), readScene(app.db, user, id)]);
    data.game = game;
    if (read.found) data.scene = { scene: read.scene };
  } catch (err) {
    app.log.error({ err }, 'boot data of a scene page could not be read');
  }
  return data;
}

/**
 * The data block for the shell: JSON with every '<' escaped, so no text in it can end the
 * element. It carries the response's CSP nonce like every script element the server writes.
 */
export function bootDataTag(data: BootData, nonce: string): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_DATA_ID}" nonce="${nonce}">${json}</script>`;
}
