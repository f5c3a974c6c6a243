import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { RandomEventsTable } from '../schema/random-events.ts';
import { bool } from './values.ts';

export type RandomEventRow = Omit<Selectable<RandomEventsTable>, 'is_active'> & {
  is_active: boolean;
};

/** Random events newest first (spec §7); `activeOnly` for the per-player event check. */
export async function listRandomEvents(
  db: Kysely<Database>,
  options: { activeOnly?: boolean } = {},
): Promise<RandomEventRow[]> {
  let q = db.selectFrom('random_events').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (options.activeOnly) q = q.where('is_active', '=', true);
  return (await q.execute()).map((r) => ({ ...r, is_active: bool(r.is_active) }));
}

/** Turns an event on or off; false when the id does not exist. */
export async function setRandomEventActive(
  db: Kysely<Database>,
  id: string,
  active: boolean,
): Promise<boolean> {
  const r = await db
    .updateTable('random_events')
    .set({ is_active: active })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
