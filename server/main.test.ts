import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { killGroup, PROCESS_TEST_TIMEOUT, spawnInGroup } from '../test/process-group.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const mainFile = path.join(root, 'server/main.ts');
/** tsx's loader by path: the server runs in a folder of its own, where `--import tsx` finds nothing. */
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A temp folder that is removed after the test. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Spawns `node --import tsx server/main.ts` in `cwd` (one process: its pid is the server's) with
 * only the given environment (plus PATH and HOME), in a process group of its own.
 */
function spawnMain(cwd: string, env: Record<string, string>): ChildProcess & { output: Output } {
  const child = spawnInGroup(process.execPath, ['--import', tsxLoader, mainFile], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream };
  const output: Output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (output.stdout += d));
  child.stderr.on('data', (d) => (output.stderr += d));
  cleanups.push(() => killGroup(child));
  return Object.assign(child, { output });
}
interface Output {
  stdout: string;
  stderr: string;
}

/** Resolves with the exit code once the process has ended. */
function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls /api/health until it answers 200 (or the process dies), for up to 150 s on a busy machine. */
async function waitForHealth(base: string, child: ChildProcess & { output: Output }) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${child.output.stderr}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${child.output.stderr}`);
}

describe('server/main.ts as a process', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('exits 1 with exactly one line and no stack trace for a bad PORT', async () => {
    const dir = tempDir('seo-adv-main-');
    const child = spawnMain(dir, { PORT: 'abc', DATA_DIR: path.join(dir, 'data') });
    expect(await exited(child)).toBe(1);
    expect(child.output.stderr).toBe(
      'seo-adventure: Invalid PORT: PORT must be a whole number from 0 to 65535\n',
    );
  });

  it('exits 1 with one clear line when DATABASE_URL cannot be reached', async () => {
    const dir = tempDir('seo-adv-main-');
    const child = spawnMain(dir, {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'warn',
    });
    expect(await exited(child)).toBe(1);
    const lines = child.output.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^seo-adventure: Cannot connect to PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/x: .*ECONNREFUSED/,
    );
    expect(child.output.stderr).not.toMatch(/\n\s+at /);
  });

  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    // A web root of our own with one large file: its download is still running when SIGTERM arrives.
    const cwd = tempDir('seo-adv-main-');
    const web = path.join(cwd, 'dist/web');
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>');
    const big = randomBytes(48 * 1024 * 1024);
    writeFileSync(path.join(web, 'big.bin'), big);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawnMain(cwd, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(cwd, 'data'),
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(base, child);

    const agent = new http.Agent({ keepAlive: true });
    const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${base}/big.bin`, { agent }, resolve).once('error', reject),
    );
    expect(download.statusCode).toBe(200);
    download.pause();
    // The server answers others while the download is paused. (Sent and answered before the
    // signal: a request racing SIGTERM may still sit in the kernel's queue when the server stops
    // listening, and is then reset, as any connection after the stop is. Seen on a busy machine.)
    for (const r of await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${base}/api/health`).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    )) {
      expect(r).toEqual({ status: 200, body: { status: 'ok', database: 'sqlite' } });
    }
    child.kill('SIGTERM');

    // It stops taking new requests (a connection refused, or 503 on one still open), while the
    // paused download holds the shutdown open.
    await vi.waitFor(
      async () => {
        const refused = await fetch(`${base}/api/health`).then(
          (r) => r.status === 503,
          () => true,
        );
        expect(refused).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(child.exitCode, child.output.stdout + child.output.stderr).toBeNull();

    const hash = createHash('sha256');
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      download.on('data', (chunk: Buffer) => {
        received += chunk.length;
        hash.update(chunk);
      });
      download.once('end', resolve);
      download.once('error', reject);
      download.resume();
    });
    expect(received).toBe(big.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    expect(await exited(child)).toBe(0);
    agent.destroy();
    expect(child.output.stderr).toBe('');
    expect(child.output.stdout).not.toMatch(/"level":(50|60)/);
  });
});

describe('how the compiled server is run', () => {
  it('the Docker image runs it with the node flags and malloc settings of npm start', async () => {
    const { startNodeEnv, startNodeFlags } = await import('../test/http-kit.ts');
    const { readFileSync } = await import('node:fs');
    const flags = startNodeFlags();
    expect(flags).toContain('--enable-source-maps');
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...flags, 'dist/server/main.js']);
    const env = startNodeEnv();
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    for (const [name, value] of Object.entries(env)) {
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value} \\\\$`, 'm'));
    }
  });
});
