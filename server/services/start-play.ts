import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StartPlayAnswer } from '../../core/api/play-start.ts';
import { type GuestSession, newGuestSession } from '../auth/guest-session.ts';
import { loadPlayerState } from '../db/repositories/play-state.ts';
import type { SessionUser } from '../fastify.d.ts';
import { addressKey } from '../plugins/address-key.ts';
import { sessionView } from './boot-data.ts';
import { continueGame } from './play/game.ts';
import { fontSettings, listNews, listSponsors } from './play/public-content.ts';
import { readScene } from './play/scene-view.ts';

/** What one start answered: the answer and the cookies of a guest it made (none for a session). */
interface Started {
  answer: StartPlayAnswer;
  cookies: string[];
}

/** How long an idempotency key of POST /api/play/start is remembered: far past a double click. */
const START_KEY_MS = 60_000;
/** At most this many keys are remembered; past it the oldest half is forgotten. */
const START_KEYS_MAX = 20_000;

/**
 * The starts of the last minute by key, so a double click on 'Start Adventure Now' (two requests
 * with one key, the second sent before the first's cookie arrived) makes one guest and one game:
 * the second request gets the first one's answer and cookies. A key is scoped to the session it
 * came with, or to the address when it came with none, so nobody else can claim its cookies.
 * One server's memory: behind several servers a double click is still one game for a signed-in
 * player or a guest whose cookie arrived (the start continues their game), and at worst one
 * unused guest otherwise.
 */
export class StartKeys {
  private readonly started = new Map<string, { until: number; result: Promise<Started> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The start under `key`, running `start` when the key is new (a failed start is forgotten). */
  once(key: string, start: () => Promise<Started>): Promise<Started> {
    const now = this.now();
    const known = this.started.get(key);
    if (known && known.until > now) return known.result;
    if (this.started.size >= START_KEYS_MAX) this.forgetOld(now);
    const result = start();
    this.started.set(key, { until: now + START_KEY_MS, result });
    result.catch(() => {
      if (this.started.get(key)?.result === result) this.started.delete(key);
    });
    return result;
  }

  private forgetOld(now: number): void {
    let drop = this.started.size / 2;
    for (const [key, entry] of this.started) {
      if (entry.until > now && drop-- <= 0) break;
      this.started.delete(key);
    }
  }
}

/** The guest a start makes for a visitor without a session, within the guest-start limit. */
async function startGuest(app: FastifyInstance, request: FastifyRequest): Promise<GuestSession> {
  app.guestStarts.admit(request);
  try {
    const guest = await newGuestSession(app, request, 'play start');
    app.guestStarts.settle(request, true);
    return guest;
  } catch (err) {
    app.guestStarts.settle(request, false);
    throw err;
  }
}

/** Continues the player's game (a new one when there is none) and reads what its scene shows. */
async function startFor(app: FastifyInstance, user: SessionUser): Promise<StartPlayAnswer> {
  const db = app.db;
  const before = await loadPlayerState(db, user.id);
  const game = await continueGame(db, user);
  const sceneId = game.player.currentSceneId;
  const [scene, sponsors, fonts, items] = await Promise.all([
    sceneId ? readScene(db, user, sceneId, app.eventDeps) : null,
    listSponsors(db),
    fontSettings(db),
    listNews(db),
  ]);
  return {
    resumed: Boolean(before?.currentSceneId),
    session: sessionView(user),
    game,
    scene: scene?.found ? { scene: scene.scene } : null,
    sponsors: { sponsors },
    fonts: { fonts },
    news: { items },
  };
}

/**
 * POST /api/play/start: a visitor without a session becomes a guest (Better Auth, server side,
 * its cookie set with this answer); then the game is continued, or started when there is none
 * ('Continue Adventure' semantics: a game in progress is never wiped here), and the answer
 * carries everything the first scene's screen reads, so it paints with no other request.
 */
export async function startPlay(
  app: FastifyInstance,
  request: FastifyRequest,
  idempotencyKey: string,
  keys: StartKeys,
): Promise<Started> {
  const current = request.user;
  const scope = current ? `user:${current.id}` : `address:${addressKey(request.ip)}`;
  return keys.once(`${scope}\n${idempotencyKey}`, async () => {
    if (current) return { answer: await startFor(app, current), cookies: [] };
    const guest = await startGuest(app, request);
    return { answer: await startFor(app, guest.user), cookies: guest.cookies };
  });
}
