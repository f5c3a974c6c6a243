import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-auth.ts';
import * as m003 from './migrations/003-play.ts';
import * as m005 from './migrations/005-scene-start-indexes.ts';

/** Every migration, listed explicitly and in order. Frozen once landed: add a new file to change the schema. */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-auth': m002,
  '003-play': m003,
  '005-scene-start-indexes': m005,
};

/** Brings the schema up to date; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // The migration tables live in the same schema as the data, so parallel test schemas never collide.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // 005 landed before 004 (story tools): a database that already ran 005 still takes 004.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
