import type { Kysely } from 'kysely';
import {
  type ClassActionResult,
  type ClassInfo,
  type ClassList,
  UNDO_MINUTES,
} from '../../../core/api/classes.ts';
import {
  CLASS_INACTIVE_DAYS,
  CLASS_MAX_STUDENTS,
  CLASSES_PER_TEACHER,
} from '../../../core/classes/rules.ts';
import { initialStats } from '../../../core/game/stats-config.ts';
import {
  dropUndo,
  findUndo,
  type GameSnapshot,
  gameBefore,
  restoreGame,
  type SeatSnapshot,
  saveUndo,
  seatBefore,
} from '../../db/repositories/class-undo.ts';
import {
  type ClassRow,
  classSeat,
  closeInactiveClasses,
  countOwnClasses,
  deleteClass,
  deleteSeat,
  findClass,
  insertClass,
  insertSeat,
  isAdminNow,
  listClasses,
  restartSeat,
  seatOf,
  setClassClosed,
} from '../../db/repositories/classes.ts';
import { resetPlayerState } from '../../db/repositories/play-state.ts';
import { bool } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { NO_SCENES_MESSAGE } from '../play/game.ts';
import { startScene } from '../play/where.ts';
import { classActivityOf } from './activity.ts';
import { iso, presentClass } from './class-page.ts';

type Db = Kysely<Database>;

const SIGN_IN_TO_TEACH = 'Sign in (or register) to run a class';
const CLASS_NOT_FOUND = 'Class not found';

/** The signed-in account of a teacher request: guests and nobody get 401. */
export function teacherOf(user: SessionUser | null): SessionUser {
  if (!user || user.isAnonymous) throw new HttpError(401, SIGN_IN_TO_TEACH, 'sign-in');
  return user;
}

/**
 * A class the user may see: their own, or any for an admin. Anyone else gets the same 404 as
 * for a class that does not exist, so another account learns nothing of it.
 */
export async function classFor(db: Db, user: SessionUser, classId: string): Promise<ClassRow> {
  const row = await findClass(db, classId);
  if (!row || (row.owner_id !== user.id && user.role !== 'admin')) {
    throw new HttpError(404, CLASS_NOT_FOUND, 'not-found');
  }
  return closedIfInactive(db, row);
}

/** Closes a class read after CLASS_INACTIVE_DAYS without activity (the periodic sweep may not have run yet). */
async function closedIfInactive(db: Db, row: ClassRow): Promise<ClassRow> {
  // Only a class quiet for that long is worth the sweep (a write, which a read should not cost).
  const cutoff = inactiveCutoff();
  if (row.closed_at !== null || iso(row.last_activity_at) >= cutoff) return row;
  const closed = await closeInactiveClasses(db, cutoff);
  if (closed === 0) return row;
  return (await findClass(db, row.id)) ?? row;
}

/**
 * Whether `userId` may still watch the class `ownerId` owns: its teacher always; anyone else only
 * while the database says they are an admin (a demoted admin's class streams close).
 */
export async function mayStillWatch(db: Db, userId: string, ownerId: string): Promise<boolean> {
  return userId === ownerId || isAdminNow(db, userId);
}

/** The ISO time before which a class counts as inactive. */
export function inactiveCutoff(at = Date.now()): string {
  return new Date(at - CLASS_INACTIVE_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** The classes a teacher sees: their own; an admin sees every class. */
export async function teacherClasses(db: Db, user: SessionUser): Promise<ClassList> {
  const owner = user.role === 'admin' ? null : user.id;
  let rows = await listClasses(db, owner);
  const cutoff = inactiveCutoff();
  const quiet = rows.some((r) => r.closed_at === null && iso(r.last_activity_at) < cutoff);
  if (quiet && (await closeInactiveClasses(db, cutoff)) > 0) rows = await listClasses(db, owner);
  return { classes: rows.map((r) => presentClass(r, user.id)) };
}

/** Creates a class for the teacher; 409 past CLASSES_PER_TEACHER. */
export async function createClass(db: Db, user: SessionUser, name: string): Promise<ClassInfo> {
  if ((await countOwnClasses(db, user.id)) >= CLASSES_PER_TEACHER) {
    throw new HttpError(
      409,
      `You have ${CLASSES_PER_TEACHER} classes; delete one you no longer need first`,
      'too-many-classes',
    );
  }
  const id = await insertClass(db, user.id, name);
  return presentClass((await findClass(db, id))!, user.id);
}

/** Opens or closes a class to new students. */
export async function setClassOpen(db: Db, row: ClassRow, open: boolean): Promise<void> {
  await setClassClosed(db, row.id, open ? null : { reason: 'teacher' });
  classActivityOf(db)?.changed(row.id);
}

/** Deletes a class and its students' names (their games stay theirs, as guests' games). */
export async function removeClass(db: Db, row: ClassRow): Promise<void> {
  await deleteClass(db, row.id);
  classActivityOf(db)?.seatsChanged();
  classActivityOf(db)?.changed(row.id);
}

/** A student of the class, or 404. */
async function studentOf(db: Db, row: ClassRow, studentId: string) {
  const seat = await classSeat(db, row.id, studentId);
  if (!seat) throw new HttpError(404, 'This student is not in the class', 'no-student');
  return seat;
}

/** When an action taken now can no longer be undone. */
const undoUntil = () => new Date(Date.now() + UNDO_MINUTES * 60 * 1000).toISOString();

/**
 * Starts a student's game again on the start scene; the class counts their choices from now.
 * What the reset took is kept UNDO_MINUTES so the teacher can put it back (undoAction).
 */
export async function resetStudent(
  db: Db,
  row: ClassRow,
  studentId: string,
): Promise<ClassActionResult> {
  const seat = await studentOf(db, row, studentId);
  const scene = await startScene(db, { repair: true });
  if (!scene) throw new HttpError(404, NO_SCENES_MESSAGE);
  const before = await gameBefore(db, seat.user_id);
  const after = await resetPlayerState(db, {
    userId: seat.user_id,
    sceneId: scene.id,
    stats: initialStats(scene.stats_config),
    isGuest: bool(seat.is_anonymous),
  });
  await restartSeat(db, seat.user_id);
  classActivityOf(db)?.changed(row.id);
  if (!before) return { ok: true };
  const until = undoUntil();
  const snapshot: GameSnapshot = { ...before, version: after.version };
  const id = await saveUndo(db, {
    classId: row.id,
    userId: seat.user_id,
    kind: 'reset',
    snapshot,
    expiresAt: until,
  });
  return { ok: true, undo: { id, until } };
}

/** Takes a student out of the class (their name goes; their game stays theirs); undoable a while. */
export async function removeStudent(
  db: Db,
  row: ClassRow,
  studentId: string,
): Promise<ClassActionResult> {
  await studentOf(db, row, studentId);
  const seat = await seatBefore(db, row.id, studentId);
  await deleteSeat(db, row.id, studentId);
  classActivityOf(db)?.seatsChanged();
  classActivityOf(db)?.changed(row.id);
  if (!seat) return { ok: true };
  const until = undoUntil();
  const id = await saveUndo(db, {
    classId: row.id,
    userId: studentId,
    kind: 'remove',
    snapshot: seat,
    expiresAt: until,
  });
  return { ok: true, undo: { id, until } };
}

export const UNDO_MESSAGES = {
  gone: `This can no longer be undone (after ${UNDO_MINUTES} minutes, or once undone)`,
  playedSince: 'This student has played since the reset; their new game stays',
  seatedElsewhere: 'This student has joined a class since; they stay there',
  nameTaken: 'Another student took this name since; the student can join again under another',
  full: `The class is full (${CLASS_MAX_STUDENTS} students)`,
} as const;

/** Puts back what a Reset or Remove took (404 once expired or done; 409 when it no longer fits). */
export async function undoAction(
  db: Db,
  row: ClassRow,
  undoId: string,
): Promise<ClassActionResult> {
  const entry = await findUndo(db, row.id, undoId);
  if (!entry) throw new HttpError(404, UNDO_MESSAGES.gone, 'undo-gone');
  if (entry.kind === 'reset') {
    if (!(await restoreGame(db, entry.id, entry.user_id, entry.snapshot as GameSnapshot))) {
      throw new HttpError(409, UNDO_MESSAGES.playedSince, 'played-since');
    }
  } else {
    const seat = entry.snapshot as SeatSnapshot;
    if (await seatOf(db, entry.user_id)) {
      throw new HttpError(409, UNDO_MESSAGES.seatedElsewhere, 'seated-elsewhere');
    }
    let seated: boolean;
    try {
      seated = await insertSeat(
        db,
        {
          userId: entry.user_id,
          classId: row.id,
          name: seat.name,
          nameKey: seat.name_key,
          since: seat.since,
          joinedAt: seat.joined_at,
        },
        CLASS_MAX_STUDENTS,
      );
    } catch {
      throw new HttpError(409, UNDO_MESSAGES.nameTaken, 'name-taken');
    }
    if (!seated) throw new HttpError(409, UNDO_MESSAGES.full, 'full');
    await dropUndo(db, entry.id);
    classActivityOf(db)?.seatsChanged();
  }
  classActivityOf(db)?.changed(row.id);
  return { ok: true };
}
