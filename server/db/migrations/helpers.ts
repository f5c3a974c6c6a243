import type { CreateTableBuilder, Kysely } from 'kysely';
import type { columnTypes } from './column-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
type Table = CreateTableBuilder<any, any>;
type ColumnType = Parameters<Table['addColumn']>[1];

/**
 * Building blocks of the migrations. Each adds exactly what the spelled-out Kysely calls would, in
 * the order given, so a migration written with them creates the same schema it always did.
 */

/** NOT NULL columns, in the order given: `.$call(required({ name: 'text', size: 'integer' }))`. */
export function required(columns: Record<string, ColumnType>): (table: Table) => Table {
  return (table) =>
    Object.entries(columns).reduce(
      (built, [name, type]) => built.addColumn(name, type, (c) => c.notNull()),
      table,
    );
}

/** Nullable columns, in the order given: `.$call(optional({ url: 'text', image_url: 'text' }))`. */
export function optional(columns: Record<string, ColumnType>): (table: Table) => Table {
  return (table) =>
    Object.entries(columns).reduce((built, [name, type]) => built.addColumn(name, type), table);
}

/** The `created_at` and `updated_at` columns most content tables end with. */
export function timestamps(t: ReturnType<typeof columnTypes>): (table: Table) => Table {
  return required({ created_at: t.timestamp, updated_at: t.timestamp });
}

/** Creates indexes on one table, each name with its column(s). */
export async function createIndexes(
  // biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
  db: Kysely<any>,
  table: string,
  indexes: Record<string, string | string[]>,
  options: { unique?: boolean } = {},
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    const index = db.schema
      .createIndex(name)
      .on(table)
      .columns(typeof columns === 'string' ? [columns] : columns);
    await (options.unique ? index.unique() : index).execute();
  }
}

/** Drops indexes, in the order given. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function dropIndexes(db: Kysely<any>, names: string[]): Promise<void> {
  for (const name of names) await db.schema.dropIndex(name).execute();
}

/** Drops tables, in the order given (`ifExists`: a missing one is no error). */
export async function dropTables(
  // biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
  db: Kysely<any>,
  tables: string[],
  options: { ifExists?: boolean } = {},
): Promise<void> {
  for (const table of tables) {
    const drop = db.schema.dropTable(table);
    await (options.ifExists ? drop.ifExists() : drop).execute();
  }
}
