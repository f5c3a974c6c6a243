import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time under a folder (files only). */
function newest(dir: string): number {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) max = Math.max(max, newest(p));
    else max = Math.max(max, statSync(p).mtimeMs);
  }
  return max;
}

// The browser's app and its server renderer (web/entry-server.tsx, loaded by server/plugins/web.ts).
const builds = [
  { built: 'dist/web/index.html', args: ['vite', 'build', '--logLevel', 'warn'] },
  {
    built: 'dist/ssr/entry-server.js',
    args: ['vite', 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'],
  },
];
const sources = ['web', 'core'].filter(existsSync);
const sourceTime = Math.max(...sources.map(newest), statSync('vite.config.ts').mtimeMs);
for (const { built, args } of builds) {
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) continue;
  console.log(`seo-adventure: building ${built} (missing or older than its sources)...`);
  const r = spawnSync('npx', args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('seo-adventure: the web build failed');
    process.exit(r.status ?? 1);
  }
}

// The server runs compiled (package.json: `node dist/server/main.js` after this script).
const { buildServer, serverBuildIsStale } = await import('./build-server.ts');
if (serverBuildIsStale()) {
  console.log('seo-adventure: compiling the server (missing or older than its sources)...');
  await buildServer();
}
