import { type Kysely, sql } from 'kysely';
import type { Database } from './schema/database.ts';

/** PostgreSQL: the schema this connection works in (test schemas and tenants each have their own). */
export async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  return rows[0]?.s ?? 'public';
}

/** PostgreSQL NOTIFY: sends `payload` to every connection listening on `channel`. */
export async function notify(
  db: Kysely<Database>,
  channel: string,
  payload: string,
): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
