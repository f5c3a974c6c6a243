import { type Kysely, sql } from 'kysely';

/**
 * Play: choice_log keeps the JSON response of each applied choice, so a replayed idempotency key
 * gets exactly the same answer without applying anything again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('choice_log').addColumn('response', sql`text`).execute();
}

/** Drops the response column again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('choice_log').dropColumn('response').execute();
}
