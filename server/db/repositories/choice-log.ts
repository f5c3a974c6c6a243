import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';

/*
 * The events a guest's current game has shown (guests never meet an event twice in a game). Read
 * on every choice and scene read of a guest, so it is kept per game version in memory: a choice
 * knows the events its game has shown after it and remembers them under the version it writes;
 * a read of another version (a new game, a choice made on another server, a restart) asks the
 * log. A version is one state of one game, so a remembered list is never stale.
 */

/** Games remembered at most (the oldest go first); about 100 bytes each. */
const REMEMBERED_GAMES = 20_000;
const remembered = new Map<string, { version: number; eventIds: readonly string[] }>();

/** Notes the events of `playerId`'s game as of `version` (the version a choice writes). */
export function rememberGameEventIds(
  playerId: string,
  version: number,
  eventIds: readonly string[],
): void {
  remembered.delete(playerId);
  remembered.set(playerId, { version, eventIds });
  if (remembered.size > REMEMBERED_GAMES) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
}

/**
 * The events the player's game has shown as of `game.version`: remembered, or the event ids of
 * their last `choiceCount` logged choices (a new game starts the counter at 0, so older games are
 * left out), read from choice_log_player_idx (migration 015) and filtered in the database.
 */
export function listGameEventIds(
  db: Kysely<Database>,
  playerId: string,
  game: { choiceCount: number; version: number },
): readonly string[] | Promise<readonly string[]> {
  if (!(game.choiceCount > 0)) return [];
  // Remembered: answered at once, without a promise (a guest's choice, docs/operations.md).
  const known = remembered.get(playerId);
  if (known?.version === game.version) return known.eventIds;
  return readGameEventIds(db, playerId, game);
}

async function readGameEventIds(
  db: Kysely<Database>,
  playerId: string,
  game: { choiceCount: number; version: number },
): Promise<readonly string[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('choice_log')
        .select('event_id')
        .where('player_id', '=', playerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(game.choiceCount)
        .as('game'),
    )
    .select('game.event_id')
    .where('game.event_id', 'is not', null)
    .$narrowType<{ event_id: string }>()
    .execute();
  const eventIds = rows.map((r) => r.event_id);
  rememberGameEventIds(playerId, game.version, eventIds);
  return eventIds;
}
