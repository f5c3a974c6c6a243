import type { Kysely } from 'kysely';

/**
 * An option's why line (docs/product-rules.md "Play" 'The why line'): one sentence, at most 300
 * characters, that says why the option helped or hurt, shown to the player with the change line
 * after the choice. Nullable: options written before it, and stories without one, have none.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scenario_choices').addColumn('why', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scenario_choices').dropColumn('why').execute();
}
