import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Drops players.pending: a screen held before the next scene was once kept there, but the choice
 * answer carries it (`show`) and nothing has read the column since; every write only cleared it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('players').dropColumn('pending').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('players').addColumn('pending', columnTypes(db).json).execute();
}
