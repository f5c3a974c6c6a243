import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema/database.ts';
import { moveRolledUpPlayer } from './analytics-rollup.ts';

type Db = Kysely<Database>;

/** A player's game row's progress and version, or undefined when the player has no game. */
export async function gameProgress(
  db: Db,
  userId: string,
): Promise<{ choice_count: number; version: number } | undefined> {
  return db
    .selectFrom('players')
    .select(['choice_count', 'version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes a player's game row (if any). */
export async function deleteGame(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('players').where('user_id', '=', userId).execute();
}

/**
 * Gives a players row a new key (the row under that key must be gone). Its version moves past
 * `replacedVersion`, so a choice computed against the replaced game can never be saved on it.
 */
export async function rekeyGame(
  db: Db,
  from: string,
  to: string,
  isGuest: boolean,
  replacedVersion = 0,
): Promise<void> {
  await db
    .updateTable('players')
    .set((eb) => ({
      user_id: to,
      is_guest: isGuest,
      version: sql<number>`case when ${eb.ref('version')} > ${replacedVersion} then ${eb.ref('version')} else ${replacedVersion} end + 1`,
      updated_at: new Date().toISOString(),
    }))
    .where('user_id', '=', from)
    .execute();
}

/** Moves a player's choice log to another player id (analytics keep the whole path). */
export async function moveChoiceLog(db: Db, from: string, to: string): Promise<void> {
  await db.updateTable('choice_log').set({ player_id: to }).where('player_id', '=', from).execute();
  await moveRolledUpPlayer(db, from, to);
}

/** What the keep-game choice shows of one game: stats, choices, when, and the scene's title. */
export async function gameSummaryRow(db: Db, userId: string) {
  return db
    .selectFrom('players')
    .leftJoin('scenarios', 'scenarios.id', 'players.current_scene_id')
    .select([
      'players.stats',
      'players.choice_count',
      'players.updated_at',
      'scenarios.title as title',
    ])
    .where('players.user_id', '=', userId)
    .executeTakeFirst();
}
