import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { backupSqlite } from '../ops/sqlite-backup.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seo-adv-private-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Files in the folder whose group or others may read or write them. */
function notPrivate(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => (statSync(path.join(folder, name)).mode & 0o077) !== 0)
    .map((name) => `${name} ${(statSync(path.join(folder, name)).mode & 0o777).toString(8)}`);
}

describe('data files', () => {
  it('are made private again at every start: DATA_DIR 0700, auth-secret and database 0600', async () => {
    const data = path.join(dir, 'loose');
    mkdirSync(data, { mode: 0o755 });
    writeFileSync(path.join(data, 'auth-secret'), `${'s'.repeat(43)}\n`, { mode: 0o644 });
    writeFileSync(path.join(data, 'seo-adventure.db'), '', { mode: 0o644 });
    chmodSync(data, 0o755);
    chmodSync(path.join(data, 'auth-secret'), 0o644);
    chmodSync(path.join(data, 'seo-adventure.db'), 0o644);
    const config = loadConfig({ DATA_DIR: data });
    expect(config.authSecret).toBe('s'.repeat(43));
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(data, 'auth-secret')).mode & 0o777).toBe(0o600);
    chmodSync(data, 0o755);
    const database = await openDatabase({ sqliteFile: config.sqliteFile });
    await database.close();
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(notPrivate(data)).toEqual([]);
  });

  it('are 0600: the database, its WAL and shared memory, and a backup', async () => {
    const file = path.join(dir, 'data', 'seo-adventure.db');
    const database = await openDatabase({ sqliteFile: file });
    await migrateToLatest(database.db);
    expect(readdirSync(path.dirname(file)).sort()).toEqual([
      'seo-adventure.db',
      'seo-adventure.db-shm',
      'seo-adventure.db-wal',
    ]);
    expect(notPrivate(path.dirname(file))).toEqual([]);
    expect(statSync(path.dirname(file)).mode & 0o077).toBe(0);
    await database.close();

    const backup = path.join(dir, 'backup.db');
    await backupSqlite(file, backup);
    expect(statSync(backup).mode & 0o777).toBe(0o600);
  });

  it('makes an existing world-readable database private when it is opened', async () => {
    const file = path.join(dir, 'old.db');
    writeFileSync(file, '');
    writeFileSync(`${file}-wal`, '');
    chmodSync(file, 0o644);
    chmodSync(`${file}-wal`, 0o644);
    const database = await openDatabase({ sqliteFile: file });
    await migrateToLatest(database.db);
    expect(notPrivate(dir)).toEqual([]);
    await database.close();
  });
});
