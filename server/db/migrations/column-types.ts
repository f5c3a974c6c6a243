import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Which engine a migration runs on, read from Kysely's adapter. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Portable column types: the same migration creates fitting columns on SQLite and PostgreSQL. */
export function columnTypes(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  return {
    bool: pg ? sql`boolean` : sql`integer`,
    timestamp: pg ? sql`timestamptz` : sql`text`,
    blob: pg ? sql`bytea` : sql`blob`,
    /** JSON kept as text on both engines so it round-trips byte for byte. */
    json: sql`text`,
  };
}
