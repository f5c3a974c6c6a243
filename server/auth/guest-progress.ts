import type { Kysely } from 'kysely';
import type { GameSummary, KeepGameResponse } from '../../core/api/keep-game.ts';
import { visibleInventory } from '../../core/game/items.ts';
import { FALLBACK_STATS, normaliseStats } from '../../core/game/stats.ts';
import {
  deleteGame,
  gameProgress,
  gameSummaryRow,
  moveChoiceLog,
  rekeyGame,
} from '../db/repositories/guest-games.ts';
import { json } from '../db/repositories/values.ts';
import type { Database } from '../db/schema/database.ts';
import { HttpError } from '../errors.ts';

/** Key of the players row holding a guest's game until the account's owner picks one. */
export const heldGameKey = (accountId: string) => `held-guest:${accountId}`;

/**
 * Moves a guest's game to the account they registered or signed in to. When only one side has
 * progress, that game is the account's (nothing is lost). When both made choices, the guest's game
 * is held beside the account's own until the player picks one (GET/POST /api/play/game/choice):
 * neither replaces the other silently. The choice log follows the player either way, so analytics
 * keep the whole path.
 */
export async function moveGuestProgress(
  db: Kysely<Database>,
  guestId: string,
  accountId: string,
): Promise<void> {
  if (guestId === accountId) return;
  await db.transaction().execute(async (trx) => {
    const guest = await gameProgress(trx, guestId);
    if (guest) {
      const account = await gameProgress(trx, accountId);
      if (!account || (guest.choice_count > 0 && account.choice_count === 0)) {
        await deleteGame(trx, accountId);
        await rekeyGame(trx, guestId, accountId, false, account?.version);
      } else if (guest.choice_count > 0) {
        await deleteGame(trx, heldGameKey(accountId));
        await rekeyGame(trx, guestId, heldGameKey(accountId), true);
      } else {
        await deleteGame(trx, guestId);
      }
    }
    await moveChoiceLog(trx, guestId, accountId);
  });
}

async function summary(db: Kysely<Database>, userId: string): Promise<GameSummary | null> {
  const row = await gameSummaryRow(db, userId);
  if (!row) return null;
  const stats = normaliseStats(json<unknown>(row.stats, null), FALLBACK_STATS);
  return {
    sceneTitle: row.title ?? null,
    choiceCount: Number(row.choice_count),
    // Players see their plain items only (docs/scene-layout.md "What players are sent").
    stats: { ...stats, inventory: visibleInventory(stats.inventory) },
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Both games while a guest's game waits for the player's pick, else null. */
export async function gamesToKeep(
  db: Kysely<Database>,
  accountId: string,
): Promise<KeepGameResponse> {
  const guest = await summary(db, heldGameKey(accountId));
  const account = guest ? await summary(db, accountId) : null;
  if (guest && !account) {
    // The account's game went away meanwhile: the guest's is the only one, so it is the account's.
    await keepGame(db, accountId, 'guest');
    return { choice: null };
  }
  return { choice: guest && account ? { guest, account } : null };
}

/** Keeps the game the player picked and deletes the other; 404 when no choice is open. */
export async function keepGame(
  db: Kysely<Database>,
  accountId: string,
  keep: 'guest' | 'account',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const held = await gameProgress(trx, heldGameKey(accountId));
    if (!held) throw new HttpError(404, 'There is no second game to choose from');
    if (keep === 'account') return deleteGame(trx, heldGameKey(accountId));
    const account = await gameProgress(trx, accountId);
    await deleteGame(trx, accountId);
    await rekeyGame(trx, heldGameKey(accountId), accountId, false, account?.version);
  });
}
