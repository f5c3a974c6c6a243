import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminCookie, closeAgents, type ServerProcess, spawnServer } from '../../test/http-kit.ts';
import { createLoopScenes } from '../../test/play-loop.ts';

/** What the parts of `npm run bench` share: settings from the environment, number formats, the part runner, and per-server admin and loop scenes. */

export const root = path.resolve(import.meta.dirname, '../..');
export const webRoot = path.join(root, 'dist/web');
export const ADMIN = 'bench-admin@example.com';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** First of the ports the bench's servers use (SQLite server, PostgreSQL server = +1, Lighthouse's Chromium = +2). */
export const PORT = Number(process.env.BENCH_PORT ?? 3501);
/** The throughput runs fire choices as fast as they can: the per-player choice limit would refuse them. */
export const UNLIMITED = { CHOICE_LIMIT: '0' };
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
export const started = Date.now();
export const failures: string[] = [];

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
export const mark = (pass: boolean) => (pass ? 'ok' : 'MISSED');

/** Runs one part; an error is printed and the bench goes on. */
export async function part(name: string, key: string, fn: () => Promise<void>): Promise<void> {
  if (skip.has(key)) {
    console.log(`\n## ${name}: skipped (BENCH_SKIP)`);
    return;
  }
  console.log(`\n## ${name}`);
  const t0 = Date.now();
  try {
    await fn();
  } catch (err) {
    failures.push(name);
    console.log(`  ERROR: ${(err as Error).stack ?? err}`);
  }
  console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

/** A fresh DATA_DIR for a bench server. */
export async function freshDataDir(): Promise<string> {
  return mkdtempSync(path.join(os.tmpdir(), 'seo-adv-bench-'));
}

// Kept per server process, not per address: a later server on the same port is another database.
const adminCookies = new WeakMap<ServerProcess, string>();
/** The bench admin's session on a server (signed up once). */
export async function adminOf(s: ServerProcess): Promise<string> {
  let cookie = adminCookies.get(s);
  if (!cookie) {
    cookie = await adminCookie(s.url, ADMIN);
    adminCookies.set(s, cookie);
  }
  return cookie;
}

const loops = new WeakMap<ServerProcess, Record<string, string>>();
/** The loop scenes of a server (made once, set as the initial scene). */
export async function createLoopScenesOnce(s: ServerProcess): Promise<Record<string, string>> {
  let loop = loops.get(s);
  if (!loop) {
    loop = await createLoopScenes(s.url, await adminOf(s));
    loops.set(s, loop);
  }
  return loop;
}

/**
 * Runs `work` with the URL of a fresh PostgreSQL database (made from DATABASE_URL or
 * TEST_DATABASE_URL), then drops it, whatever happened. Without either URL it says so and runs
 * nothing.
 */
export async function onFreshPostgres(
  prefix: string,
  work: (dbUrl: string) => Promise<void>,
): Promise<void> {
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('  PostgreSQL not run: set DATABASE_URL or TEST_DATABASE_URL');
    return;
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: url });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  try {
    await work(dbUrl.toString());
  } finally {
    closeAgents();
    await adminClient.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await adminClient.end();
  }
}

/**
 * Runs `work` against a compiled server on a fresh PostgreSQL database (`onFreshPostgres`) with a
 * fresh DATA_DIR, then stops the server and removes the directory, whatever happened.
 */
export async function onPostgresServer(
  prefix: string,
  options: { port: number; env: Record<string, string>; nodeFlags?: string[] },
  work: (server: ServerProcess) => Promise<void>,
): Promise<void> {
  await onFreshPostgres(prefix, async (dbUrl) => {
    const dataDir = await freshDataDir();
    let server: ServerProcess | undefined;
    try {
      server = await spawnServer({
        ...options,
        dataDir,
        env: { ...options.env, DATABASE_URL: dbUrl },
        compiled: true,
      });
      await work(server);
    } finally {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
