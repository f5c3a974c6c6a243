import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-auth.ts';
import * as m003 from './migrations/003-play.ts';
import * as m004 from './migrations/004-analytics-indexes.ts';
import * as m005 from './migrations/005-scene-start-indexes.ts';
import * as m006 from './migrations/006-playtests.ts';
import * as m007 from './migrations/007-scene-version.ts';
import * as m008 from './migrations/008-player-last-event.ts';
import * as m009 from './migrations/009-drop-player-pending.ts';
import * as m010 from './migrations/010-scene-layout.ts';
import * as m012 from './migrations/012-history.ts';
import * as m013 from './migrations/013-classes.ts';
import * as m014 from './migrations/014-analytics-rollup.ts';
import * as m015 from './migrations/015-read-indexes.ts';
import * as m016 from './migrations/016-option-why.ts';
import * as m017 from './migrations/017-class-seats.ts';
import * as m018 from './migrations/018-upload-owner.ts';
import * as m019 from './migrations/019-analytics-reach-sum.ts';
import * as m020 from './migrations/020-analytics-clustered.ts';

/** Every migration, listed explicitly and in order. Frozen once landed: add a new file to change the schema. */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-auth': m002,
  '003-play': m003,
  '004-analytics-indexes': m004,
  '005-scene-start-indexes': m005,
  '006-playtests': m006,
  '007-scene-version': m007,
  '008-player-last-event': m008,
  '009-drop-player-pending': m009,
  '010-scene-layout': m010,
  '012-history': m012,
  '013-classes': m013,
  '014-analytics-rollup': m014,
  '015-read-indexes': m015,
  '016-option-why': m016,
  '017-class-seats': m017,
  '018-upload-owner': m018,
  '019-analytics-reach-sum': m019,
  '020-analytics-clustered': m020,
};

/** Brings the schema up to date; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // The migration tables live in the same schema as the data, so parallel test schemas never collide.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Numbers may land out of order (004 is free): a database that ran a later one still takes it.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's PostgreSQL introspection (used to find its migration tables) reads every schema in
  // the database; one dropped by someone else mid-read (parallel test schemas) fails it with
  // 'schema "<theirs>" does not exist'. Nothing was migrated then, so try again.
  for (let retry = 0; retry < 3 && isOtherSchemaGone(error, schema); retry++) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True for the error of a read that met another schema being dropped (not `own`). */
function isOtherSchemaGone(error: unknown, own: string | undefined): boolean {
  const m = /^schema "([^"]+)" does not exist$/.exec((error as Error | undefined)?.message ?? '');
  return m !== null && m[1] !== own;
}
