import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JoinLookup, JoinResponse } from '../../../core/api/classes.ts';
import {
  CLASS_MAX_STUDENTS,
  isClassCode,
  normaliseClassCode,
} from '../../../core/classes/rules.ts';
import { authHeaders } from '../../auth/plugin.ts';
import {
  type ClassRow,
  closeInactiveClasses,
  findClass,
  findClassByCode,
  insertSeat,
  seatByName,
  seatOf,
} from '../../db/repositories/classes.ts';
import { loadPlayerState } from '../../db/repositories/play-state.ts';
import { HttpError } from '../../errors.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { addressKey } from '../../plugins/address-key.ts';
import { WindowCounter } from '../../plugins/window-counter.ts';
import { startGame } from '../play/game.ts';
import { classActivityOf } from './activity.ts';
import { iso } from './class-page.ts';
import { inactiveCutoff } from './teach.ts';

/** The words of each refusal, shown next to the field they concern (docs/class-mode.md). */
export const JOIN_MESSAGES = {
  unknown: 'No class has this code; check it with your teacher',
  closed: 'This class is closed to new students; ask your teacher to open it',
  full: `This class is full (${CLASS_MAX_STUDENTS} students)`,
  nameTaken: 'Someone in this class already uses this name; add an initial or a number',
  busy: 'Too many new students from your network just now; try again in a minute',
} as const;

/**
 * Guests created by joining, per address: above two full classes a minute for ten minutes, so a
 * school behind one address is never refused; the class size bounds each class (docs/class-mode.md
 * 'Limits'). Joins do not count against the guest-start limit of /api/auth.
 */
export const JOIN_LIMIT = { max: 1000, windowMs: 10 * 60 * 1000 };

/** The open class of a code as typed, or the refusal (404 unknown, 409 closed). */
async function openClass(app: FastifyInstance, typed: string): Promise<ClassRow> {
  const code = normaliseClassCode(typed);
  const row = isClassCode(code) ? await findClassByCode(app.db, code) : undefined;
  if (!row) throw new HttpError(404, JOIN_MESSAGES.unknown, 'unknown-code');
  return row;
}

/** What the join page shows for a code: the class's name and whether it takes students. */
export async function lookupClass(app: FastifyInstance, typed: string): Promise<JoinLookup> {
  const row = await openClass(app, typed);
  return { className: row.name, open: row.closed_at === null && !(await inactive(app, row)) };
}

/** True when the class is closed, or went CLASS_INACTIVE_DAYS without activity (and is closed now). */
async function inactive(app: FastifyInstance, row: ClassRow): Promise<boolean> {
  if (row.closed_at !== null) return true;
  const cutoff = inactiveCutoff();
  if (iso(row.last_activity_at) >= cutoff) return false;
  // Students may still have played lately: the sweep decides, then the row says.
  if ((await closeInactiveClasses(app.db, cutoff)) === 0) return false;
  return (await findClass(app.db, row.id))?.closed_at != null;
}

/** A new guest session made through Better Auth, as if the browser had asked for one. */
async function startGuest(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ user: SessionUser; cookies: string[] }> {
  const auth = await app.auth();
  const headers = authHeaders(request);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const url = new URL('/api/auth/sign-in/anonymous', app.config.publicUrl);
  const response = await auth.handler(new Request(url, { method: 'POST', headers, body: '{}' }));
  const body = (await response.json().catch(() => null)) as { user?: SessionUser } | null;
  if (!response.ok || !body?.user?.id) {
    request.log.error({ status: response.status }, 'class join: guest session not created');
    throw new HttpError(503, 'Could not start your game just now; try again');
  }
  const user = { ...body.user, role: 'player' as const, isAnonymous: true };
  return { user, cookies: response.headers.getSetCookie() };
}

/**
 * Seats the person in the class under `name` and starts their game there. Without a session a
 * guest is made (its cookie goes in `setCookies`); a guest or an account joins as they are. A
 * person already in this class comes back to their game; one in another class moves (one class
 * at a time) and starts a new game.
 */
export async function joinClass(
  app: FastifyInstance,
  request: FastifyRequest,
  typed: string,
  name: string,
  joins: WindowCounter,
  setCookies: (cookies: string[]) => void,
): Promise<JoinResponse> {
  const row = await openClass(app, typed);
  const current = request.user;
  const seat = current ? await seatOf(app.db, current.id) : undefined;
  if (current && seat?.class_id === row.id) {
    const game = await loadPlayerState(app.db, current.id);
    return {
      className: row.name,
      name: seat.name,
      sceneId: game?.currentSceneId ?? null,
      rejoined: true,
    };
  }
  if (await inactive(app, row)) throw new HttpError(409, JOIN_MESSAGES.closed, 'closed');
  if (Number(row.students ?? 0) >= CLASS_MAX_STUDENTS) {
    throw new HttpError(409, JOIN_MESSAGES.full, 'full');
  }
  const nameKey = name.toLowerCase();
  if (await seatByName(app.db, row.id, nameKey)) {
    throw new HttpError(409, JOIN_MESSAGES.nameTaken, 'name-taken');
  }
  let user = current;
  if (!user) {
    if (!joins.take(addressKey(request.ip)))
      throw new HttpError(429, JOIN_MESSAGES.busy, 'rate_limited');
    const guest = await startGuest(app, request);
    setCookies(guest.cookies);
    user = guest.user;
  }
  try {
    await insertSeat(app.db, { userId: user.id, classId: row.id, name, nameKey });
  } catch (err) {
    // Two students typed the same name at once: the unique index kept one.
    if (await seatByName(app.db, row.id, nameKey)) {
      throw new HttpError(409, JOIN_MESSAGES.nameTaken, 'name-taken');
    }
    throw err;
  }
  const game = await startGame(app.db, user);
  classActivityOf(app.db)?.seatsChanged();
  classActivityOf(app.db)?.changed(row.id);
  return {
    className: row.name,
    name,
    sceneId: game.player.currentSceneId ?? null,
    rejoined: false,
  };
}

/** A counter of guests made by joining, per address (JOIN_LIMIT). */
export const joinCounter = () => new WindowCounter(JOIN_LIMIT.max, JOIN_LIMIT.windowMs);
