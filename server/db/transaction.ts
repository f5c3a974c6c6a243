import type { Kysely } from 'kysely';
import type { Database } from './schema/database.ts';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new one: a service that
 * owns its transaction can also be called as one step of a larger one (a save and its revision,
 * an undo and the deletes it records) and still commit or fail with it.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
