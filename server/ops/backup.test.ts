import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup } from '../../scripts/backup.ts';
import { runRestore } from '../../scripts/restore.ts';
import { PROCESS_TEST_TIMEOUT } from '../../test/process-group.ts';
import { playSomeChoices } from '../../test/server/play-driver.ts';
import { guestSession, signIn, signUp, type TestSession } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { countLiveSessions, orphanedSessionsWarning } from '../auth/orphaned-sessions.ts';
import { loadConfig, SQLITE_FILE_NAME } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import {
  backupSqlite,
  inspectSqlite,
  OpsError,
  restoreSqlite,
  sqliteFileFromEnv,
} from './sqlite-backup.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seo-adv-backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the SQLite file of a data folder as the server does and builds the app on it. */
async function appOn(dataDir: string): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await openDatabase({ sqliteFile: path.join(dataDir, SQLITE_FILE_NAME) });
  const app = await buildTestApp(database);
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The server of a data folder as `npm start` makes it: the auth secret from DATA_DIR (generated
 * on the first start), not a test secret.
 */
async function serverOf(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ sqliteFile: config.sqliteFile });
  const app = await buildTestApp(database, {
    config: { dataDir, sqliteFile: config.sqliteFile, authSecret: config.authSecret },
  });
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Each session's game as the server answers it: status and, when 200, the saved scene and stats. */
async function gamesOf(app: FastifyInstance, sessions: TestSession[]) {
  return Promise.all(
    sessions.map(async (s) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/play/game',
        headers: { cookie: s.cookie },
      });
      const player = res.statusCode === 200 ? res.json().player : undefined;
      return { status: res.statusCode, scene: player?.currentSceneId, stats: player?.stats };
    }),
  );
}

describe('backup and restore of SQLite', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('restores onto a new machine: every guest and player gets back in with their game', async () => {
    const oldMachine = path.join(dir, 'old-machine');
    const live = await serverOf(oldMachine);
    const { readContent } = await import('../content/content-files.ts');
    const { loadContent } = await import('../content/load-content.ts');
    await loadContent(live.app.db, await readContent());
    const guests = await Promise.all(Array.from({ length: 12 }, () => guestSession(live.app)));
    const players: TestSession[] = [];
    for (let i = 0; i < 4; i += 1) players.push(await signUp(live.app, { password: 'secret123' }));
    for (const s of [...guests, ...players]) await playSomeChoices(live.app, s.cookie, 2);
    const before = await gamesOf(live.app, [...guests, ...players]);
    expect(before.every((g) => g.status === 200 && g.scene)).toBe(true);

    const file = path.join(dir, 'whole.db');
    expect(await runBackup([file], { DATA_DIR: oldMachine })).toBe(0);
    await live.close();

    // The disk is lost: a new, empty data folder on a new machine, and the backup file.
    const newMachine = path.join(dir, 'new-machine');
    expect(await runRestore([file], { DATA_DIR: newMachine })).toBe(0);
    const restored = await serverOf(newMachine);
    expect(restored.config.authSecretCreated).toBeUndefined();
    expect(await gamesOf(restored.app, [...guests, ...players])).toEqual(before);
    for (const p of players) {
      expect((await signIn(restored.app, p.email, 'secret123')).statusCode).toBe(200);
    }
    await restored.close();

    // The same database without the secret (as backups were before): everyone is signed out,
    // and the start says so.
    const bare = path.join(dir, 'bare-machine');
    expect(await runRestore([file], { DATA_DIR: bare })).toBe(0);
    rmSync(path.join(bare, 'auth-secret'));
    const orphaned = await serverOf(bare);
    expect(orphaned.config.authSecretCreated).toBe(true);
    const live2 = await countLiveSessions(orphaned.app.db);
    expect(live2).toBeGreaterThanOrEqual(guests.length + players.length);
    expect(orphanedSessionsWarning(true, live2)).toMatch(/signed out/);
    const lost = await gamesOf(orphaned.app, guests);
    expect(lost.every((g) => g.status === 401)).toBe(true);
    await orphaned.close();
  });

  it('backs up while guests write, and the restored game works with the same rows', async () => {
    const live = path.join(dir, 'live');
    const server = await appOn(live);
    const { app } = server;
    const { readContent } = await import('../content/content-files.ts');
    const { loadContent } = await import('../content/load-content.ts');
    await loadContent(app.db, await readContent());

    // Writers: guests sign up and play for as long as the backup runs, and a little after.
    const sessions: TestSession[] = [];
    let writing = true;
    let writes = 0;
    const writer = async () => {
      while (writing) {
        const guest = await guestSession(app);
        sessions.push(guest);
        writes += 1;
      }
    };
    const writers = [writer(), writer(), writer()];
    while (writes < 30) await new Promise((r) => setTimeout(r, 5));

    const file = path.join(dir, 'during-load.db');
    const report = await backupSqlite(path.join(live, SQLITE_FILE_NAME), file);
    const writesAtBackup = writes;
    while (writes < writesAtBackup + 30) await new Promise((r) => setTimeout(r, 5));
    writing = false;
    await Promise.all(writers);

    expect(report.counts.user).toBeGreaterThan(0);
    expect(report.counts.scenarios).toBeGreaterThan(0);
    const after = inspectSqlite(path.join(live, SQLITE_FILE_NAME));
    // The live database went on growing after the copy was taken.
    expect(after.counts.user).toBeGreaterThan(report.counts.user!);
    expect(existsSync(`${file}-wal`)).toBe(false);
    await server.close();

    // Restore into a data folder that already holds another database.
    const restored = path.join(dir, 'restored');
    const other = await appOn(restored);
    await other.close();
    const result = restoreSqlite(file, path.join(restored, SQLITE_FILE_NAME));
    expect(result.previous).toBeDefined();
    expect(existsSync(result.previous!)).toBe(true);
    const check = inspectSqlite(path.join(restored, SQLITE_FILE_NAME));
    expect(check.ok).toBe(true);
    expect(check.counts).toEqual(report.counts);

    // The game runs on it: a guest who existed at backup time is still signed in with their progress.
    const back = await appOn(restored);
    expect((await back.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const db = new SQLite(file, { readonly: true });
    const kept = db.prepare('select "userId" as user_id from session limit 1').get() as {
      user_id: string;
    };
    db.close();
    const guest = sessions.find((s) => s.userId === kept.user_id)!;
    const me = await back.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: guest.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain(guest.userId);
    await back.close();
  });

  it('refuses to restore over a database a server holds open', async () => {
    const busy = path.join(dir, 'busy');
    const server = await appOn(busy);
    await server.app.inject({ method: 'GET', url: '/api/health' });
    const file = path.join(dir, 'busy-copy.db');
    await backupSqlite(path.join(busy, SQLITE_FILE_NAME), file);
    expect(() => restoreSqlite(file, path.join(busy, SQLITE_FILE_NAME))).toThrow(
      /in use.*stop the server/,
    );
    await server.close();
    expect(restoreSqlite(file, path.join(busy, SQLITE_FILE_NAME)).counts.user).toBe(0);
  });

  it('refuses a damaged or foreign backup, an existing target and PostgreSQL', async () => {
    const junk = path.join(dir, 'junk.db');
    writeFileSync(junk, 'this is not a database'.repeat(100));
    expect(() => restoreSqlite(junk, path.join(dir, 'x', SQLITE_FILE_NAME))).toThrow(OpsError);
    const foreign = path.join(dir, 'foreign.db');
    const f = new SQLite(foreign);
    f.exec('create table notes (id integer)');
    f.close();
    expect(() => restoreSqlite(foreign, path.join(dir, 'x', SQLITE_FILE_NAME))).toThrow(
      /not a SEO Adventure database/,
    );
    await expect(backupSqlite(foreign, foreign)).rejects.toThrow(/already exists/);
    expect(() => sqliteFileFromEnv({ DATABASE_URL: 'postgres://x@y/z' }, 'back up')).toThrow(
      /pg_dump/,
    );
  });

  it('npm run backup / restore: exit codes and one-line messages', () => {
    const dataDir = path.join(dir, 'cli');
    const db = new SQLite(path.join(dir, 'cli-seed.db'));
    db.exec('create table scenarios (id text); create table user (id text)');
    db.exec("insert into user values ('u1')");
    db.close();
    // As npm runs them (package.json): one node process with tsx's loader, killed if it hangs.
    const run = (script: string, args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
        cwd: root,
        encoding: 'utf8',
        timeout: PROCESS_TEST_TIMEOUT / 2,
        killSignal: 'SIGKILL',
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      });
    const restore = run('restore', [path.join(dir, 'cli-seed.db')]);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/restored .* integrity ok/);
    const backup = run('backup', [path.join(dir, 'cli-backup.db')]);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('user 1');
    const pg = run('backup', [path.join(dir, 'pg.db')], { DATABASE_URL: 'postgres://a@b/c' });
    expect(pg.status).toBe(1);
    expect(pg.stderr.trim().split('\n')).toHaveLength(1);
    expect(pg.stderr).toContain('pg_dump');
    expect(run('backup', []).status).toBe(2);
  });
});
