import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JoinLookup, JoinResponse } from '../../../core/api/classes.ts';
import { studentNameKey } from '../../../core/classes/names.ts';
import {
  CLASS_MAX_STUDENTS,
  isClassCode,
  normaliseClassCode,
} from '../../../core/classes/rules.ts';
import { newGuestSession } from '../../auth/guest-session.ts';
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
  guessing:
    'Too many wrong class codes from your network; check the code with your teacher and try again in a few minutes',
  gameInProgress:
    'Joining starts a new game in the class and replaces the game you are playing; choose whether to keep it',
} as const;

/**
 * Guests created by joining, per address: above two full classes a minute for ten minutes, so a
 * school behind one address is never refused; the class size bounds each class (docs/class-mode.md
 * 'Limits'). Joins do not count against the guest-start limit of /api/auth.
 */
const JOIN_LIMIT = { max: 1000, windowMs: 10 * 60 * 1000 };

/**
 * Wrong codes per address before every code look-up and join from it answers 429 for the rest
 * of the window: a class mistyping now and then stays far below it; a script guessing codes
 * gets 60 tries per 10 minutes (docs/class-mode.md 'Guessing codes').
 */
export const WRONG_CODE_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };

/** The per-address counters of joining: guests made, wrong codes. */
export interface JoinCounters {
  guests: WindowCounter;
  wrongCodes: WindowCounter;
}

/** 429 while the address has used up its wrong codes. */
function checkGuessing(request: FastifyRequest, counters: JoinCounters): void {
  if (counters.wrongCodes.isFull(addressKey(request.ip))) {
    throw new HttpError(429, JOIN_MESSAGES.guessing, 'rate_limited');
  }
}

/** The class of a code as typed, or 404 (a wrong code counts against the address). */
async function classOfCode(
  app: FastifyInstance,
  request: FastifyRequest,
  typed: string,
  counters: JoinCounters,
): Promise<ClassRow> {
  checkGuessing(request, counters);
  const code = normaliseClassCode(typed);
  const row = isClassCode(code) ? await findClassByCode(app.db, code) : undefined;
  if (!row) {
    counters.wrongCodes.take(addressKey(request.ip));
    throw new HttpError(404, JOIN_MESSAGES.unknown, 'unknown-code');
  }
  return row;
}

/** The caller's game when joining would replace it: decisions made, and not in this class. */
async function gameToReplace(app: FastifyInstance, userId: string) {
  const game = await loadPlayerState(app.db, userId);
  return game && game.choiceCount > 0 ? { choices: game.choiceCount } : null;
}

/**
 * What the join page shows for a code: the class's name and whether it takes students; a
 * closed class is named only to its own students (docs/class-mode.md 'Join code'). A student
 * already seated learns their name there; a caller with a game in progress learns that joining
 * would replace it.
 */
export async function lookupClass(
  app: FastifyInstance,
  request: FastifyRequest,
  typed: string,
  counters: JoinCounters,
): Promise<JoinLookup> {
  const row = await classOfCode(app, request, typed, counters);
  const current = request.user;
  const seat = current ? await seatOf(app.db, current.id) : undefined;
  if (current && seat?.class_id === row.id) {
    return {
      className: row.name,
      open: row.closed_at === null,
      seat: { name: seat.name },
      game: null,
    };
  }
  const open = row.closed_at === null && !(await inactive(app, row));
  return {
    className: open ? row.name : null,
    open,
    seat: null,
    game: open && current ? await gameToReplace(app, current.id) : null,
  };
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
  body: { name: string; replaceGame?: boolean },
  counters: JoinCounters,
  setCookies: (cookies: string[]) => void,
): Promise<JoinResponse> {
  const row = await classOfCode(app, request, typed, counters);
  const name = body.name;
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
  const full = () => new HttpError(409, JOIN_MESSAGES.full, 'full');
  if (Number(row.students ?? 0) >= CLASS_MAX_STUDENTS) throw full();
  const nameKey = studentNameKey(name);
  if (await seatByName(app.db, row.id, nameKey)) {
    throw new HttpError(409, JOIN_MESSAGES.nameTaken, 'name-taken');
  }
  if (current && !body.replaceGame && (await gameToReplace(app, current.id))) {
    throw new HttpError(409, JOIN_MESSAGES.gameInProgress, 'game-in-progress');
  }
  let user = current;
  if (!user) {
    if (!counters.guests.take(addressKey(request.ip))) {
      throw new HttpError(429, JOIN_MESSAGES.busy, 'rate_limited');
    }
    const guest = await newGuestSession(app, request, 'class join');
    setCookies(guest.cookies);
    user = guest.user;
  }
  try {
    const seated = await insertSeat(
      app.db,
      { userId: user.id, classId: row.id, name, nameKey },
      CLASS_MAX_STUDENTS,
    );
    // Others took the last seats since the count above was read: the database kept the cap.
    if (!seated) throw full();
  } catch (err) {
    if (err instanceof HttpError) throw err;
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

/** The counters of one server: guests made by joining (JOIN_LIMIT), wrong codes (WRONG_CODE_LIMIT). */
export const joinCounters = (): JoinCounters => ({
  guests: new WindowCounter(JOIN_LIMIT.max, JOIN_LIMIT.windowMs),
  wrongCodes: new WindowCounter(WRONG_CODE_LIMIT.max, WRONG_CODE_LIMIT.windowMs),
});
