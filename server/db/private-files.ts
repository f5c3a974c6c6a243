import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/** Owner read/write only: the database, its WAL, backups and secrets hold players' data. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes sure a data file exists, empty if new, readable by its owner only (0600), with its folder
 * created 0700 when missing. SQLite gives the -wal, -shm and -journal files it creates later the
 * database file's own mode, so they are private too.
 */
export function ensurePrivateFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Sets 0600 on the database's companion files that already exist (made by an older version). */
export function privatiseCompanions(file: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(`${file}${suffix}`)) chmodSync(`${file}${suffix}`, PRIVATE_FILE_MODE);
  }
}
