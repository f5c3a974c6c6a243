import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-npm-start-'));
let group: number | undefined;
afterAll(() => {
  // Whatever is left of the process group (a server that did not stop) goes with the test.
  if (group) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const healthy = (url: string) =>
  fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

describe('npm start', () => {
  it('stops the server gracefully when the npm process gets SIGTERM, its data files private', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, for the clean-up above only.
      detached: true,
    });
    group = npm.pid;
    let output = '';
    npm.stdout.on('data', (d) => (output += d));
    npm.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) =>
      npm.once('exit', (code) => resolve(code)),
    );

    const deadline = Date.now() + 90_000;
    while (!(await healthy(url))) {
      if (Date.now() > deadline || npm.exitCode !== null)
        throw new Error(`not started:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Only npm is signalled, as a process manager or `kill` would do (not the whole group).
    npm.kill('SIGTERM');
    await exited;
    // The server itself stops too: its port closes, and it said it was shutting down.
    let up = true;
    for (let i = 0; i < 100 && up; i++) {
      up = await healthy(url);
      if (up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up, output).toBe(false);
    expect(output).toContain('shutting down: finishing in-flight requests');

    const files = readdirSync(dataDir);
    expect(files).toContain('seo-adventure.db');
    for (const name of files) {
      expect((statSync(path.join(dataDir, name)).mode & 0o077).toString(8), name).toBe('0');
    }
  });
});
