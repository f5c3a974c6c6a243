import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { json, now } from './values.ts';

/** A setting's value (parsed JSON), or null when the key is not stored. */
export async function getSetting<T>(db: Kysely<Database>, key: string): Promise<T | null> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? json<T | null>(row.value, null) : null;
}

/** Stores a setting (insert or replace on the key). */
export async function setSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_at: now() };
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
}
