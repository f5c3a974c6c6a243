import { chmodSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { watchContentWrites } from './content-writes.ts';
import { prepareRepeatedStatements } from './pg-prepared.ts';
import { pgTimestamptzToIso } from './pg-timestamp.ts';
import { PlayerRowsPlugin } from './player-rows.ts';
import { ensurePrivateFile, privatiseCompanions } from './private-files.ts';
import { ContentCache, ContentCachePlugin } from './repositories/content-cache.ts';
import type { Database } from './schema/database.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.ts';
import { SqliteHandlePlugin } from './sqlite-handle.ts';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely instance, which engine it is, and how to close it. */
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in (undefined on SQLite). */
  schema?: string;
  /**
   * The in-process cache of content players read (repositories/content-cache.ts). On PostgreSQL it
   * stores nothing until the live bus listens for other servers' writes (live/content-sync.ts).
   */
  contentCache: ContentCache;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one); created when missing. */
  pgSchema?: string;
  pgPoolSize?: number;
}

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with a 16 MB default,
 * which a busy server fills with choice-log pages and keeps (~13 MB of RSS in the bench's choice
 * run); players read content from the in-process content cache, and the pages a choice touches
 * fit in a few MB, the rest coming from the operating system's file cache. No measurable CPU
 * price per choice or scene read (docs/operations.md 'Running it', memory).
 */
const SQLITE_CACHE_KIB = 4000;

/** Opens SQLite (WAL, foreign keys on) or PostgreSQL and checks the connection works. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    ensurePrivateFile(file);
    privatiseCompanions(file);
    // The database's folder (DATA_DIR) is the owner's alone, at every start.
    chmodSync(path.dirname(file), 0o700);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints, not at each commit: a crash of the process loses
  // nothing committed, a power cut can undo the commits since the last checkpoint (docs/operations.md 'PostgreSQL').
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint every ~40 MB of WAL instead of ~4 MB: its two fsyncs stall the event loop, and
  // on a busy disk they were most of a choice's time.
  sqlite.pragma('wal_autocheckpoint = 10000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  cachePreparedStatements(sqlite);
  // One process owns a SQLite file, so every write goes through this cache's watch.
  const contentCache = new ContentCache({ coherent: true });
  const db = new Kysely<Database>({
    dialect: watchContentWrites(new SqliteDialect({ database: sqlite }), contentCache),
    plugins: [
      new SqliteBooleanPlugin(),
      new ContentCachePlugin(contentCache),
      new SqliteHandlePlugin(sqlite),
    ],
  });
  return { db, dialect: 'sqlite', contentCache, close: () => db.destroy() };
}

/** Longer SQL texts are not cached (a choice's or a scene read's queries are under 1,000 characters). */
const STATEMENT_CACHE_MAX_CHARS = 4000;

/**
 * Kysely prepares every query anew; on a busy server that parse is a large share of each request.
 * The same SQL text gets the same compiled statement back (SQLite recompiles it by itself after a
 * schema change). Kysely runs one query at a time on this connection, so no statement is shared
 * by two queries at once.
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, ReturnType<typeof prepare>>();
  sqlite.prepare = ((source: string) => {
    // A batch of rows (an import's or a restore's inserts of hundreds of rows) is prepared each
    // time: its text changes with the batch's size, and each compiled one holds ~0.3 MB of
    // native memory for as long as it is cached.
    if (source.length > STATEMENT_CACHE_MAX_CHARS) return prepare(source);
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= 1000) cache.clear();
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Db> {
  const schema = options.pgSchema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  // pg is loaded only for PostgreSQL (a SQLite server never needs its ~15 MB).
  const { default: pg } = await import('pg');
  // Timestamps travel as ISO strings on both engines so rows round-trip identically.
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, pgTimestamptzToIso);
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  prepareRepeatedStatements(pool);
  const contentCache = new ContentCache({ coherent: false });
  const db = new Kysely<Database>({
    dialect: watchContentWrites(new PostgresDialect({ pool }), contentCache),
    // The rows a choice wrote, for the player's next choice (server/db/repositories/choice-pg.ts).
    plugins: [new ContentCachePlugin(contentCache), new PlayerRowsPlugin()],
  });
  try {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    else await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    const where = safeUrl(url);
    throw new Error(`Cannot connect to PostgreSQL at ${where}: ${(err as Error).message}`);
  }
  return {
    db,
    dialect: 'postgres',
    schema: schema ?? 'public',
    contentCache,
    close: () => db.destroy(),
  };
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** Cheap liveness query for /api/health. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
