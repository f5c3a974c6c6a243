import { randomInt, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '../../../core/classes/rules.ts';
import type { Database } from '../schema/database.ts';
import { now } from './values.ts';

type Db = Kysely<Database>;

/** A fresh join code: CLASS_CODE_LENGTH characters of the read-aloud alphabet. */
function newClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) {
    code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  }
  return code;
}

/** The columns a class is shown with: the row, its owner's name and its number of students. */
function classQuery(db: Db) {
  return db
    .selectFrom('classes')
    .leftJoin('user', 'user.id', 'classes.owner_id')
    .select([
      'classes.id',
      'classes.owner_id',
      'classes.name',
      'classes.code',
      'classes.closed_at',
      'classes.closed_reason',
      'classes.created_at',
      'classes.last_activity_at',
      'user.name as owner_name',
      'classes.seat_count as students',
    ]);
}
export type ClassRow = Awaited<
  ReturnType<ReturnType<typeof classQuery>['executeTakeFirstOrThrow']>
>;

/** The classes of one owner (null: every class), newest first. */
export async function listClasses(db: Db, ownerId: string | null): Promise<ClassRow[]> {
  let q = classQuery(db);
  if (ownerId !== null) q = q.where('classes.owner_id', '=', ownerId);
  return q.orderBy('classes.created_at', 'desc').execute();
}

/** One class by id, or undefined. */
export function findClass(db: Db, id: string): Promise<ClassRow | undefined> {
  return classQuery(db).where('classes.id', '=', id).executeTakeFirst();
}

/** One class by its join code, or undefined. */
export function findClassByCode(db: Db, code: string): Promise<ClassRow | undefined> {
  return classQuery(db).where('classes.code', '=', code).executeTakeFirst();
}

/** True while the account is an admin (and not banned): read from the database, never a cache. */
export async function isAdminNow(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select(['role', 'banned'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.role === 'admin' && !row.banned;
}

/** How many classes an account keeps. */
export async function countOwnClasses(db: Db, ownerId: string): Promise<number> {
  const r = await db
    .selectFrom('classes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Creates a class with an unused join code (a clash with another class draws again). */
export async function insertClass(db: Db, ownerId: string, name: string): Promise<string> {
  const id = randomUUID();
  for (let attempt = 0; ; attempt++) {
    const code = newClassCode();
    const taken = await db
      .selectFrom('classes')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (taken && attempt < 20) continue;
    const at = now();
    await db
      .insertInto('classes')
      .values({ id, owner_id: ownerId, name, code, created_at: at, last_activity_at: at })
      .execute();
    return id;
  }
}

/** Opens (closed_at null) or closes a class; `reason` says why it closed. */
export async function setClassClosed(
  db: Db,
  id: string,
  closed: { reason: 'teacher' | 'inactive' } | null,
): Promise<void> {
  await db
    .updateTable('classes')
    .set({
      closed_at: closed ? now() : null,
      closed_reason: closed?.reason ?? null,
      ...(closed?.reason === 'inactive' ? {} : { last_activity_at: now() }),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a class and its seats (the students' names with them); their games stay theirs. */
export async function deleteClass(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('class_students').where('class_id', '=', id).execute();
    await trx.deleteFrom('classes').where('id', '=', id).execute();
  });
}

/** A player's seat (class id and name), or undefined when they are in no class. */
export function seatOf(db: Db, userId: string) {
  return db
    .selectFrom('class_students')
    .select(['class_id', 'name', 'name_key'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The seat holding `nameKey` in a class, or undefined. */
export function seatByName(db: Db, classId: string, nameKey: string) {
  return db
    .selectFrom('class_students')
    .select('user_id')
    .where('class_id', '=', classId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/**
 * Seats a player in a class (leaving any other class) and marks the class active, in one
 * transaction: the seat is taken by one conditional update of `seat_count` (below `cap`), which
 * PostgreSQL's row lock and SQLite's single writer make atomic, so concurrent joins never pass
 * the cap (the column's CHECK holds it too). Returns false, writing nothing, when the class is
 * full; a name already taken throws the unique index's error.
 */
export async function insertSeat(
  db: Db,
  seat: {
    userId: string;
    classId: string;
    name: string;
    nameKey: string;
    since?: string;
    joinedAt?: string;
  },
  cap: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const taken = await trx
      .updateTable('classes')
      .set((eb) => ({ seat_count: eb('seat_count', '+', 1), last_activity_at: at }))
      .where('id', '=', seat.classId)
      .where('seat_count', '<', cap)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    await leaveSeat(trx, seat.userId);
    await trx
      .insertInto('class_students')
      .values({
        user_id: seat.userId,
        class_id: seat.classId,
        name: seat.name,
        name_key: seat.nameKey,
        since: seat.since ?? at,
        joined_at: seat.joinedAt ?? at,
      })
      .execute();
    return true;
  });
}

/** Frees a player's seat, wherever it is, and its class's count (inside a transaction). */
async function leaveSeat(trx: Db, userId: string, classId?: string): Promise<boolean> {
  let q = trx.deleteFrom('class_students').where('user_id', '=', userId);
  if (classId !== undefined) q = q.where('class_id', '=', classId);
  const gone = await q.returning('class_id').executeTakeFirst();
  if (!gone) return false;
  await trx
    .updateTable('classes')
    .set((eb) => ({ seat_count: eb('seat_count', '-', 1) }))
    .where('id', '=', gone.class_id)
    .execute();
  return true;
}

/** A student's seat in one class with what a reset needs, or undefined. */
export function classSeat(db: Db, classId: string, userId: string) {
  return db
    .selectFrom('class_students')
    .leftJoin('user', 'user.id', 'class_students.user_id')
    .select(['class_students.user_id', 'user.isAnonymous as is_anonymous'])
    .where('class_students.class_id', '=', classId)
    .where('class_students.user_id', '=', userId)
    .executeTakeFirst();
}

/** Starts the seat's count of choices again (after a reset). */
export async function restartSeat(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('class_students')
    .set({ since: now() })
    .where('user_id', '=', userId)
    .execute();
}

/** Removes a student from a class (their game stays theirs). */
export async function deleteSeat(db: Db, classId: string, userId: string): Promise<void> {
  await db.transaction().execute((trx) => leaveSeat(trx, userId, classId));
}

/** Gives a guest's seat to the account they registered or signed in to (replacing its own). */
export async function moveSeat(db: Db, from: string, to: string): Promise<void> {
  const seat = await seatOf(db, from);
  if (!seat) return;
  await db.transaction().execute(async (trx) => {
    await leaveSeat(trx, to);
    await trx
      .updateTable('class_students')
      .set({ user_id: to })
      .where('user_id', '=', from)
      .execute();
  });
}

/** Every student of a class with their game and its current scene: one query. */
export function studentGames(db: Db, classId: string) {
  return db
    .selectFrom('class_students as cs')
    .leftJoin('players as p', 'p.user_id', 'cs.user_id')
    .leftJoin('scenarios as s', 's.id', 'p.current_scene_id')
    .select([
      'cs.user_id',
      'cs.name',
      'cs.joined_at',
      'cs.since',
      'p.current_scene_id',
      'p.stats',
      'p.choice_count',
      'p.updated_at',
      's.title as scene_title',
      's.day as scene_day',
      's.is_ending as scene_is_ending',
    ])
    .where('cs.class_id', '=', classId)
    .orderBy('cs.name_key')
    .execute();
}

/** The choices of the class's current games (each since its seat's start), oldest first: one query. */
export function classChoices(db: Db, classId: string) {
  return db
    .selectFrom('choice_log as cl')
    .innerJoin('class_students as cs', 'cs.user_id', 'cl.player_id')
    .select(['cl.player_id', 'cl.scene_id', 'cl.option_id', 'cl.created_at'])
    .where('cs.class_id', '=', classId)
    .whereRef('cl.created_at', '>=', 'cs.since')
    .orderBy('cl.created_at')
    .orderBy('cl.id')
    .execute();
}

/**
 * Closes every open class without activity since `cutoff` (ISO): no join or teacher action and
 * no student's game saved since. Returns how many closed.
 */
export async function closeInactiveClasses(db: Db, cutoff: string): Promise<number> {
  // Most sweeps find nothing: a read then, not a write, which would make the server forget the
  // players rows and content it remembers (player-rows.ts, content-writes.ts).
  const quiet = await db
    .selectFrom('classes')
    .select('id')
    .where('closed_at', 'is', null)
    .where('last_activity_at', '<', cutoff)
    .limit(1)
    .executeTakeFirst();
  if (!quiet) return 0;
  const rows = await db
    .updateTable('classes')
    .set({ closed_at: now(), closed_reason: 'inactive' })
    .where('closed_at', 'is', null)
    .where('last_activity_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('class_students as cs')
            .innerJoin('players as p', 'p.user_id', 'cs.user_id')
            .select(sql`1`.as('one'))
            .whereRef('cs.class_id', '=', 'classes.id')
            .where('p.updated_at', '>=', cutoff),
        ),
      ),
    )
    .executeTakeFirst();
  // The quiet classes left open had students playing: their last activity is that play, so the
  // next reads need not sweep again.
  await db
    .updateTable('classes')
    .set((eb) => ({
      last_activity_at: eb
        .selectFrom('class_students as cs')
        .innerJoin('players as p', 'p.user_id', 'cs.user_id')
        .select((e) => e.fn.max('p.updated_at').as('at'))
        .whereRef('cs.class_id', '=', 'classes.id'),
    }))
    .where('closed_at', 'is', null)
    .where('last_activity_at', '<', cutoff)
    .execute();
  return Number(rows.numUpdatedRows);
}
