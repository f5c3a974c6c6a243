import type { FastifyInstance } from 'fastify';
import { isPageSlug, type PageResponse } from '../../core/api/admin-world-site.ts';
import { BOOT_DATA_ID, BOOT_PATH, type BootData } from '../../core/api/boot.ts';
import type { SessionResponse } from '../../core/api/session.ts';
import { listPublicConsultants } from '../db/repositories/consultants.ts';
import type { SessionUser } from '../fastify.d.ts';
import { getGame } from './play/game.ts';
import { newGameAhead } from './play/new-game.ts';
import { fontSettings, listNews, listSponsors } from './play/public-content.ts';
import { readScene } from './play/scene-view.ts';
import { readPage } from './site-settings.ts';

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

/** Screens inside the game layout (web/routes/game/game-layout.tsx): its ticker shows the news. */
const GAME_LAYOUT =
  /^\/(auth|game|take-a-break|consultants|consultant-submission|page\/[^/]+)(\/|$)/;

/**
 * The data a page is rendered from (core/api/boot.ts), each part exactly as its GET endpoint
 * answers: the start screen's texts on '/', a footer page's on /page/:slug, the consultants on
 * /consultants, the news on every screen of the game layout; on game pages (/game*) also the
 * session, and for a signed-in player the game (/game, scenes) with the scene, its sponsors and
 * fonts. Public pages carry no session, so they are the same for every visitor; the start screen
 * of a visitor without one also carries the new game their Start makes (`newGame`, the same for
 * every such visitor: play/new-game.ts). A failing read
 * leaves that part out (the page then asks the API as usual) rather than failing the page.
 */
export async function bootData(
  app: FastifyInstance,
  user: SessionUser | null | undefined,
  pathname: string,
): Promise<BootData> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const game = BOOT_PATH.test(path);
  const data: BootData = game ? { session: sessionView(user) } : {};
  const db = app.db;
  const parts: Promise<unknown>[] = [];
  const read = <T>(what: string, get: () => Promise<T>, put: (value: T) => void) =>
    parts.push(
      get().then(put, (err: unknown) => app.log.error({ err, path }, `page data: ${what} failed`)),
    );
  const page = (slug: string) =>
    read(
      `page ${slug}`,
      () => (isPageSlug(slug) ? readPage(db, slug) : Promise.resolve(null)),
      (p: PageResponse | null) => {
        if (p) data.pages = { ...data.pages, [slug]: p };
      },
    );

  if (path === '/') page('home');
  // A visitor without a session: the new game their Start makes, painted at the click.
  if (path === '/' && !user) {
    read(
      'new game',
      () => newGameAhead(db),
      (g) => {
        if (g) data.newGame = g;
      },
    );
  }
  const slug = /^\/page\/([^/]+)$/.exec(path)?.[1];
  if (slug) page(slug);
  if (path === '/consultants') {
    read(
      'consultants',
      () => listPublicConsultants(db),
      (consultants) => {
        data.consultants = { consultants };
      },
    );
  }
  if (GAME_LAYOUT.test(path)) {
    read(
      'news',
      () => listNews(db),
      (items) => {
        data.news = { items };
      },
    );
  }
  const sceneId = /^\/game\/scene\/([^/]+)$/.exec(path)?.[1];
  if (sceneId) {
    read(
      'sponsors',
      () => listSponsors(db),
      (sponsors) => {
        data.sponsors = { sponsors };
      },
    );
    read(
      'fonts',
      () => fontSettings(db),
      (fonts) => {
        data.fonts = { fonts };
      },
    );
  }
  if (game && user && (path === '/game' || sceneId)) {
    read(
      'game',
      () => getGame(db, user),
      (g) => {
        data.game = g;
      },
    );
    if (sceneId) {
      read(
        'scene',
        async () => readScene(db, user, decodeURIComponent(sceneId), app.eventDeps),
        (r) => {
          if (r.found) data.scene = { scene: r.scene };
        },
      );
    }
  }
  await Promise.all(parts);
  // JSON is what the page carries: the server renders from exactly what the browser will read.
  return JSON.parse(JSON.stringify(data)) as BootData;
}

/**
 * The data block for the page: JSON with every '<' escaped, so no text in it can end the
 * element. It carries the response's CSP nonce like every script element the server writes.
 */
export function bootDataTag(data: BootData, nonce: string): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_DATA_ID}" nonce="${nonce}">${json}</script>`;
}
