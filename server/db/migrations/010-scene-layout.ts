import type { Kysely } from 'kysely';

/**
 * Where a scene sits on the story map and the tags an author (or Twine) gave it: `map_x`/`map_y`
 * are the box's saved position (null: laid out automatically), `tags` a JSON array of strings.
 * Positions and tags survive export and import (JSON, Twee, Twine HTML).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scenarios').addColumn('map_x', 'real').execute();
  await db.schema.alterTable('scenarios').addColumn('map_y', 'real').execute();
  await db.schema.alterTable('scenarios').addColumn('tags', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scenarios').dropColumn('tags').execute();
  await db.schema.alterTable('scenarios').dropColumn('map_y').execute();
  await db.schema.alterTable('scenarios').dropColumn('map_x').execute();
}
