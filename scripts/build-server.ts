import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where the compiled server goes; `node dist/server/main.js` runs it. */
export const SERVER_OUT = 'dist/server';

/** The programs compiled: the server and the operations commands (npm run admin/backup/restore). */
const ENTRIES = {
  main: 'server/main.ts',
  // Import files are parsed in this worker thread (server/services/transfer/parse-in-worker.ts).
  'parse-worker': 'server/services/transfer/parse-worker.ts',
  // The admin's analytics reads on SQLite run in this one (server/services/analytics/read-in-worker.ts).
  'read-worker': 'server/services/analytics/read-worker.ts',
  // The write-ahead log's checkpoints while a backlog is counted (server/services/background/checkpoint-in-worker.ts).
  'checkpoint-worker': 'server/services/background/checkpoint-worker.ts',
  admin: 'scripts/admin.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};

/** Newest modification time under a folder or of a file (0 when missing). */
export function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, entry.name)));
  }
  return max;
}

/** Whether dist/server is missing or older than the server's sources (or the lock file). */
export function serverBuildIsStale(): boolean {
  const built = newest(path.join(SERVER_OUT, 'main.js'));
  if (built === 0) return true;
  const sources = Math.max(
    newest('server'),
    newest('core'),
    ...Object.values(ENTRIES).map(newest),
    newest('scripts/build-server.ts'),
    newest('package-lock.json'),
  );
  return built < sources;
}

/**
 * Compiles the server to JavaScript with esbuild (which Vite and tsx already bring): one ESM
 * bundle per program, shared code split into chunks, our code bundled and every package left
 * to node_modules, so `node dist/server/main.js` needs no TypeScript tooling at run time.
 */
export async function buildServer(): Promise<void> {
  const { build } = await import('esbuild');
  // Chunk names carry a hash: start empty so old chunks never pile up.
  rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    entryPoints: ENTRIES,
    outdir: SERVER_OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    // Tests and their helpers are never part of the server.
    external: ['vitest'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(`seo-adventure: server compiled to ${SERVER_OUT}/`);
}
