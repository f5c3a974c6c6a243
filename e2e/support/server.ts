import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rememberServer } from '../../test/http-kit.ts';
import { killGroup, spawnInGroup } from '../../test/process-group.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running server started by startServer(). */
export interface TestServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The temporary DATA_DIR (removed by stop()). */
  dataDir: string;
  /** Everything the process printed so far (logs at LOG_LEVEL warn). */
  output(): string;
  /** Sends SIGTERM, waits for the process to end and returns its exit code. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** Extra environment, e.g. { ADMIN_EMAILS: 'admin@example.com' }. */
  env?: Record<string, string>;
  /** How long to wait for /api/health (default 60 s). */
  timeoutMs?: number;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built app (`node --import tsx server/main.ts`, serving dist/web) as one child process,
 * in a process group of its own (test/process-group.ts), on a free port
 * with a fresh temporary DATA_DIR, and resolves once GET /api/health answers 200.
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-e2e-'));
  // Only what the server needs: a developer's own DATABASE_URL must not leak into the tests.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const child = spawnInGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => killGroup(child), 15_000);
    const code = await exit;
    clearTimeout(timer);
    killGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  rememberServer(url, env);
  try {
    await waitForHealth(url, child, options.timeoutMs ?? 150_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`);
  }
  return { url, dataDir, output: () => output, stop };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}
