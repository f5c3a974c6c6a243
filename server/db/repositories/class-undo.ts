import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { PlayerRow } from './play-state.ts';
import { now } from './values.ts';

/* What a teacher's Reset or Remove took, kept for its undo (table class_undo; docs/class-mode.md). */

type Db = Kysely<Database>;

/** What a teacher's Reset takes from a student's game: the game row and the seat's start. */
export interface GameSnapshot
  extends Pick<
    PlayerRow,
    | 'current_scene_id'
    | 'stats'
    | 'choice_count'
    | 'scene_count'
    | 'last_event_at'
    | 'last_event_id'
  > {
  updated_at: string;
  since: string;
  /** The game row's version right after the reset: an undo applies only while it holds. */
  version: number;
}

/** What a teacher's Remove takes: the seat. */
export interface SeatSnapshot {
  name: string;
  name_key: string;
  since: string;
  joined_at: string;
}

const asText = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : v == null ? '' : String(v);

/** A student's game row and seat start as a Reset would take them, or undefined without a game. */
export async function gameBefore(
  db: Db,
  userId: string,
): Promise<Omit<GameSnapshot, 'version'> | undefined> {
  const row = await db
    .selectFrom('players as p')
    .innerJoin('class_students as cs', 'cs.user_id', 'p.user_id')
    .select([
      'p.current_scene_id',
      'p.stats',
      'p.choice_count',
      'p.scene_count',
      'p.last_event_at',
      'p.last_event_id',
      'p.updated_at',
      'cs.since',
    ])
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    choice_count: Number(row.choice_count),
    scene_count: Number(row.scene_count),
    last_event_at: row.last_event_at === null ? null : asText(row.last_event_at),
    updated_at: asText(row.updated_at),
    since: asText(row.since),
  };
}

/** A student's seat in a class as a Remove would take it, or undefined. */
export async function seatBefore(
  db: Db,
  classId: string,
  userId: string,
): Promise<SeatSnapshot | undefined> {
  const row = await db
    .selectFrom('class_students')
    .select(['name', 'name_key', 'since', 'joined_at'])
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, since: asText(row.since), joined_at: asText(row.joined_at) };
}

/** Keeps what an action took until `expiresAt` (expired entries are dropped on the way). */
export async function saveUndo(
  db: Db,
  entry: {
    classId: string;
    userId: string;
    kind: 'reset' | 'remove';
    snapshot: GameSnapshot | SeatSnapshot;
    expiresAt: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db.deleteFrom('class_undo').where('expires_at', '<', now()).execute();
  await db
    .insertInto('class_undo')
    .values({
      id,
      class_id: entry.classId,
      user_id: entry.userId,
      kind: entry.kind,
      snapshot: JSON.stringify(entry.snapshot),
      expires_at: entry.expiresAt,
    })
    .execute();
  return id;
}

/** An undo of a class not yet expired, or undefined. */
export async function findUndo(db: Db, classId: string, id: string) {
  const row = await db
    .selectFrom('class_undo')
    .selectAll()
    .where('id', '=', id)
    .where('class_id', '=', classId)
    .where('expires_at', '>=', now())
    .executeTakeFirst();
  return row && { ...row, snapshot: JSON.parse(row.snapshot) as GameSnapshot | SeatSnapshot };
}

/**
 * Puts a reset game back, in one transaction with the undo entry's removal: only while the game
 * row is still the one the reset wrote (`version`), so a student who played since keeps their
 * new game. Returns false, writing nothing, otherwise.
 */
export async function restoreGame(
  db: Db,
  undoId: string,
  userId: string,
  game: GameSnapshot,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const put = await trx
      .updateTable('players')
      .set((eb) => ({
        current_scene_id: game.current_scene_id,
        stats: game.stats,
        choice_count: game.choice_count,
        scene_count: game.scene_count,
        last_event_at: game.last_event_at,
        last_event_id: game.last_event_id,
        updated_at: now(),
        version: eb('version', '+', 1),
      }))
      .where('user_id', '=', userId)
      .where('version', '=', game.version)
      .executeTakeFirst();
    if (Number(put.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('class_students')
      .set({ since: game.since })
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('class_undo').where('id', '=', undoId).execute();
    return true;
  });
}

/** Forgets one undo entry (done or no longer possible). */
export async function dropUndo(db: Db, id: string): Promise<void> {
  await db.deleteFrom('class_undo').where('id', '=', id).execute();
}
