import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { RandomEventsTable } from '../schema/random-events.ts';
import { bool, now } from './values.ts';

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

/** The writable columns of a random event (everything but id, created_at). */
export type RandomEventValues = Omit<
  Selectable<RandomEventsTable>,
  'id' | 'created_at' | 'is_active'
> & {
  is_active: boolean;
};

/** One random event by id, or null. */
export async function getRandomEvent(
  db: Kysely<Database>,
  id: string,
): Promise<RandomEventRow | null> {
  const r = await db
    .selectFrom('random_events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { ...r, is_active: bool(r.is_active) } : null;
}

/** Creates a random event (spec §7 insert) and returns it. */
export async function createRandomEvent(
  db: Kysely<Database>,
  values: RandomEventValues,
): Promise<RandomEventRow> {
  const row = { id: randomUUID(), ...values, created_at: now() };
  await db.insertInto('random_events').values(row).execute();
  return row;
}

/** Replaces a random event's fields (spec §7 update by id); false when the id does not exist. */
export async function updateRandomEvent(
  db: Kysely<Database>,
  id: string,
  values: RandomEventValues,
): Promise<boolean> {
  const r = await db
    .updateTable('random_events')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a random event; false when it did not exist. */
export async function deleteRandomEvent(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('random_events').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
