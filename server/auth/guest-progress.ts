import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/database.ts';

/**
 * Moves a guest's game to the account they registered or signed in to. The guest's progress wins
 * when the guest made at least one choice (they were just playing); otherwise the account keeps its
 * own. The choice log follows the player either way, so analytics keep the whole path.
 */
export async function moveGuestProgress(
  db: Kysely<Database>,
  guestId: string,
  accountId: string,
): Promise<void> {
  if (guestId === accountId) return;
  await db.transaction().execute(async (trx) => {
    const guest = await trx
      .selectFrom('players')
      .selectAll()
      .where('user_id', '=', guestId)
      .executeTakeFirst();
    if (guest) {
      const account = await trx
        .selectFrom('players')
        .select(['user_id'])
        .where('user_id', '=', accountId)
        .executeTakeFirst();
      if (!account || guest.choice_count > 0) {
        await trx.deleteFrom('players').where('user_id', '=', accountId).execute();
        await trx
          .updateTable('players')
          .set({ user_id: accountId, is_guest: false, updated_at: new Date().toISOString() })
          .where('user_id', '=', guestId)
          .execute();
      } else {
        await trx.deleteFrom('players').where('user_id', '=', guestId).execute();
      }
    }
    await trx
      .updateTable('choice_log')
      .set({ player_id: accountId })
      .where('player_id', '=', guestId)
      .execute();
  });
}
