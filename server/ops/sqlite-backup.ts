import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, loadStorageConfig } from '../config.ts';
import { ensurePrivateFile, PRIVATE_FILE_MODE } from '../db/private-files.ts';

/** Tables whose row counts a backup or restore reports (the game's state and its accounts). */
const COUNTED_TABLES = [
  'user',
  'session',
  'players',
  'choice_log',
  'scenarios',
  'scenario_choices',
  'files',
] as const;

/** An operator's mistake (missing file, wrong engine, server still running): printed as one line. */
export class OpsError extends Error {
  override name = 'OpsError';
}

/** What a backup or restore produced. */
export interface BackupReport {
  file: string;
  bytes: number;
  /** Rows per table of COUNTED_TABLES that exists in the file. */
  counts: Record<string, number>;
  /** The secret that signs sessions, carried in the backup (undefined: it carries none). */
  authSecret?: string;
}

/**
 * The table of a backup file that carries the auth secret (key 'auth_secret'): the sessions in
 * the copy are signed with it, so a restore onto a new machine needs it (docs/operations.md
 * "Backup and restore"). It exists only in backup files; restore takes it out.
 */
const BACKUP_TABLE = 'seo_adventure_backup';

/** The file in DATA_DIR that keeps a generated auth secret (server/config.ts). */
const AUTH_SECRET_FILE = 'auth-secret';

/** The secret the server of this environment signs sessions with: AUTH_SECRET, else DATA_DIR/auth-secret. */
export function authSecretOf(env: NodeJS.ProcessEnv, dataDir: string): string | undefined {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Puts a restored backup's secret where the server reads it (DATA_DIR/auth-secret, 0600), keeping
 * a different one found there beside it. Returns what the operator must know, one line each.
 */
export function placeAuthSecret(
  dataDir: string,
  secret: string | undefined,
  env: NodeJS.ProcessEnv,
): string[] {
  if (!secret) {
    return [
      'this backup carries no auth secret (made before backups did): keep DATA_DIR/auth-secret (or AUTH_SECRET) of the old server, or every player and guest is signed out',
    ];
  }
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  const lines: string[] = [];
  const current = existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
  if (current !== secret) {
    if (current !== undefined) {
      const kept = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(file, kept);
      lines.push(`the auth secret it replaced is kept as ${kept}`);
    }
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
    chmodSync(file, PRIVATE_FILE_MODE);
  }
  lines.push(`auth secret restored to ${file}: the sessions in the backup stay signed in`);
  if (env.AUTH_SECRET && env.AUTH_SECRET !== secret) {
    lines.push(
      'WARNING: AUTH_SECRET is set to another secret than the backup was signed with: the server will sign every player and guest out (guests lose their games). Unset AUTH_SECRET to use the restored auth-secret, or set it to the value the old server had.',
    );
  }
  return lines;
}

/** The SQLite file for a DATA_DIR, refusing when DATABASE_URL points at PostgreSQL. */
export function sqliteFileFromEnv(env: NodeJS.ProcessEnv, verb: 'back up' | 'restore'): string {
  let storage: ReturnType<typeof loadStorageConfig>;
  try {
    storage = loadStorageConfig(env);
  } catch (err) {
    throw err instanceof ConfigError ? new OpsError(err.message) : err;
  }
  if (storage.databaseUrl) {
    const tool = verb === 'back up' ? 'pg_dump' : 'pg_restore (or psql for a plain dump)';
    throw new OpsError(
      `DATABASE_URL is set: this command handles the SQLite database only; ${verb} PostgreSQL with ${tool}, e.g. pg_dump --format=custom "$DATABASE_URL" > seo-adventure.dump`,
    );
  }
  return storage.sqliteFile;
}

/** Rows per counted table, and whether `PRAGMA integrity_check` says ok. */
export function inspectSqlite(file: string): {
  ok: boolean;
  problems: string[];
  counts: Record<string, number>;
} {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((m) => m !== 'ok');
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((r) => r.name),
    );
    const counts: Record<string, number> = {};
    for (const t of COUNTED_TABLES) {
      if (!tables.has(t)) continue;
      counts[t] = (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n;
    }
    return { ok: problems.length === 0, problems, counts };
  } finally {
    db.close();
  }
}

/**
 * Online backup of a live SQLite database to `dest` (SQLite's backup API through better-sqlite3):
 * the server may keep writing. All pages are copied in one step under one read transaction, so
 * the copy is one consistent moment. The copy is a single file (journal mode DELETE), checked
 * with `PRAGMA integrity_check`. Refuses to overwrite an existing file.
 */
export async function backupSqlite(
  source: string,
  dest: string,
  authSecret?: string,
): Promise<BackupReport> {
  if (!existsSync(source)) throw new OpsError(`No database at ${source}; check DATA_DIR`);
  const target = path.resolve(dest);
  if (existsSync(target)) throw new OpsError(`${target} already exists; choose a new file name`);
  if (!existsSync(path.dirname(target))) {
    throw new OpsError(`Folder ${path.dirname(target)} does not exist`);
  }
  // Created 0600 first: the copy holds every account and game.
  ensurePrivateFile(target);
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    // The first step only starts the backup; the second copies every page at once.
    await db.backup(target, { progress: () => 0x7fffffff });
  } catch (err) {
    rmSync(target, { force: true });
    throw err;
  } finally {
    db.close();
  }
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
    if (authSecret) {
      copy.exec(`create table ${BACKUP_TABLE} (key text primary key, value text not null)`);
      copy.prepare(`insert into ${BACKUP_TABLE} values ('auth_secret', ?)`).run(authSecret);
    }
  } finally {
    copy.close();
  }
  const check = inspectSqlite(target);
  if (!check.ok)
    throw new OpsError(`Backup ${target} failed its integrity check: ${check.problems[0]}`);
  return { file: target, bytes: statSync(target).size, counts: check.counts, authSecret };
}

/**
 * Replaces the database at `target` with the backup `source`. The backup must pass
 * `PRAGMA integrity_check` and hold the game's tables. Refuses while another process has the
 * database open (switching it out of WAL needs it alone) — stop the server first. The old
 * database is kept beside it as `<name>.before-restore-<time>`; its -wal/-shm files are removed.
 */
export function restoreSqlite(
  source: string,
  target: string,
): BackupReport & { previous?: string } {
  const from = path.resolve(source);
  if (!existsSync(from)) throw new OpsError(`No backup file at ${from}`);
  let check: ReturnType<typeof inspectSqlite>;
  try {
    check = inspectSqlite(from);
  } catch (err) {
    throw new OpsError(`${from} is not a readable SQLite database: ${(err as Error).message}`);
  }
  if (!check.ok) throw new OpsError(`${from} failed its integrity check: ${check.problems[0]}`);
  if (!('scenarios' in check.counts) || !('user' in check.counts)) {
    throw new OpsError(`${from} is not a SEO Adventure database (no scenarios or user table)`);
  }

  let previous: string | undefined;
  if (existsSync(target)) {
    assertNotInUse(target);
    previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, previous);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  // Copy next to the target, then rename: a crash mid-copy never leaves a half database in place.
  const partial = `${target}.restoring`;
  copyFileSync(from, partial);
  chmodSync(partial, PRIVATE_FILE_MODE);
  const authSecret = takeAuthSecret(partial);
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, counts: check.counts, previous, authSecret };
}

/** Reads the auth secret a backup carries and removes its table from the (restoring) copy. */
function takeAuthSecret(file: string): string | undefined {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const table = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(BACKUP_TABLE);
    if (!table) return undefined;
    const row = db.prepare(`select value from ${BACKUP_TABLE} where key = 'auth_secret'`).get() as
      | { value: string }
      | undefined;
    db.exec(`drop table ${BACKUP_TABLE}`);
    return row?.value;
  } finally {
    db.close();
  }
}

/** Throws when another connection holds the database (a running server). */
function assertNotInUse(file: string): void {
  const db = new SQLite(file, { fileMustExist: true, timeout: 200 });
  try {
    // Leaving WAL mode needs the only connection; this also checkpoints the WAL into the file.
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw new Error(`journal mode stayed ${String(mode)}`);
  } catch (err) {
    throw new OpsError(
      `The database ${file} is in use (${(err as Error).message}); stop the server before restoring`,
    );
  } finally {
    db.close();
  }
}
