import type { Kysely } from 'kysely';

/**
 * players.last_event_id: the random event a player saw last, so the guest rule never shows the
 * same event twice in a row (docs/decisions.md). Null: none yet.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('players').addColumn('last_event_id', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('players').dropColumn('last_event_id').execute();
}
