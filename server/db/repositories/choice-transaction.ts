import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { Database } from '../schema/database.ts';
import { playerRowsOf } from '../sqlite-handle.ts';
import * as pg from './choice-pg.ts';
import * as sqlite from './choice-sqlite.ts';
import {
  type ChoiceWrite,
  choiceRowValues,
  type PlayerRow,
  type PlayerState,
  playerAndChoiceOf,
  type StoredChoice,
  toState,
} from './play-state.ts';

/** The outcome of a choice transaction. */
export type ChoiceTxResult<R> =
  | { kind: 'replay'; stored: StoredChoice; player: PlayerState | null }
  | { kind: 'applied'; response: R }
  | { kind: 'nothing'; value: R };

/** What the service decides from the player's game: a write with its answer, or an answer alone. */
type Decide<R> = (
  db: Kysely<Database>,
  player: PlayerState | null,
) => Promise<{ write: ChoiceWrite & { response: R } } | { value: R }>;

/**
 * Runs one choice on either engine (choice-sqlite.ts, choice-pg.ts: each reads and writes its own
 * way, the rule is the same):
 *
 * 1. When this server remembers the player's row (player-rows.ts: as its last choice wrote it;
 *    on SQLite also as last read), the choice is decided on it and written at once; the key is then checked by the write itself (choice_log's
 *    unique index refuses a used key, undoing the player's update with it). Only an applied
 *    write is answered that way; a refusal, an answer without a write or a refused write goes on
 *    to step 2, so a used key still returns its stored answer.
 * 2. One select reads the player and any choice logged under the key: a used key returns the
 *    stored choice and applies nothing (replay). Otherwise `decide` works in memory (scenes,
 *    options, events and ads come from the content cache) and returns a write or an answer
 *    without one, or throws (an HttpError) to refuse.
 * 3. The write is guarded twice: the player's version must be the one read, and choice_log's
 *    unique (player_id, idempotency_key) must accept the row. If either refuses, another request
 *    won the race, and the choice is read and decided again (step 2), which then finds that
 *    request's answer or the player's new scene.
 */
export async function runChoiceTransaction<R>(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  key: string,
  decide: Decide<R>,
): Promise<ChoiceTxResult<R>> {
  const engine = dialect === 'postgres' ? pg : sqlite;
  const write = (w: ChoiceWrite, player: PlayerState | null) =>
    engine.writeChoice(db, choiceRowValues(w, key, player?.version ?? null));

  // null: SQLite knows the player has no row (PostgreSQL remembers only rows it wrote).
  const remembered = playerRowsOf(db)?.playerRows.get(userId) as PlayerRow | null | undefined;
  if (remembered !== undefined) {
    const player = remembered && toState(remembered);
    try {
      const decision = await decide(db, player);
      if ('write' in decision && (await write(decision.write, player))) {
        return { kind: 'applied', response: decision.write.response };
      }
    } catch {
      // Refused (perhaps only because the key was used before): decided again after the select.
    }
  }
  for (let attempt = 0; attempt <= 8; attempt++) {
    const { player, stored } = playerAndChoiceOf(await engine.readPlayerAndChoice(db, userId, key));
    if (stored) return { kind: 'replay', stored, player };
    const decision = await decide(db, player);
    if ('value' in decision) return { kind: 'nothing', value: decision.value };
    if (await write(decision.write, player)) {
      return { kind: 'applied', response: decision.write.response };
    }
  }
  throw new Error('A choice lost the race to other requests nine times in a row');
}
