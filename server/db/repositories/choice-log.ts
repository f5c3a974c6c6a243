import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';

/**
 * The events the player's current game has shown: the event ids of their last `choiceCount`
 * logged choices (a new game starts the counter at 0, so older games are left out).
 */
export async function listGameEventIds(
  db: Kysely<Database>,
  playerId: string,
  choiceCount: number,
): Promise<string[]> {
  if (!(choiceCount > 0)) return [];
  const rows = await db
    .selectFrom('choice_log')
    .select('event_id')
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(choiceCount)
    .execute();
  return rows.map((r) => r.event_id).filter((id): id is string => id !== null);
}
