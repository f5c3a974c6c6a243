/**
 * `npm run bench`: performance figures from one run (admin and import parts
 * included), ending with the goals table: every figure beside its goal. The servers run compiled
 * (dist/server, built when stale), as `npm start` runs them. Every part fails soft: its error is
 * printed and the next part runs.
 *
 * Environment: DATABASE_URL or TEST_DATABASE_URL adds the PostgreSQL throughput run (in a fresh
 * database that is dropped afterwards); BENCH_SECONDS (default 10) is the length of each
 * throughput measurement; BENCH_SKIP (comma list: throughput,postgres,admin,map,bundle,
 * routes,lighthouse,click,first-start,memory,modules,import,growth) leaves parts out; BENCH_GROWTH_ROWS (default
 * 1,000,000) is the size of the growth part's choice log; CHROMIUM_PATH (default /usr/bin/chromium);
 * BENCH_PORT (default 3501) is the first of the three ports the bench listens on; BENCH_NODE_FLAGS
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the servers it starts.
 *
 * The parts live in server-parts.ts (HTTP: throughput, admin list, memory, modules) and
 * browser-parts.ts (map, bundle, routes, Lighthouse, clicks), first-start.ts (Start on the home
 * page → first options); context.ts holds what they share.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeAgents, type ServerProcess, spawnServer } from '../../test/http-kit.ts';
import { buildServer, serverBuildIsStale } from '../build-server.ts';
import { bundlePart, clickPart, lighthousePart, mapPart, routesPart } from './browser-parts.ts';
import {
  ADMIN,
  failures,
  freshDataDir,
  mb,
  PORT,
  root,
  started,
  UNLIMITED,
  webRoot,
} from './context.ts';
import { firstStartPart } from './first-start.ts';
import { growthPart } from './growth.ts';
import { importWaitPart } from './import-wait.ts';
import {
  adminListPart,
  memoryPart,
  modulesPart,
  postgresPart,
  sqliteThroughputPart,
} from './server-parts.ts';
import { printSummary } from './summary.ts';

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log('# SEO Adventure bench');
  console.log(
    `cores: ${os.availableParallelism()} (${cpus[0]?.model ?? 'unknown CPU'}), ` +
      `memory ${mb(os.totalmem())}, node ${process.version}, ${new Date().toISOString()}`,
  );

  if (!existsSync(path.join(webRoot, '.vite/manifest.json'))) {
    console.log('building the web app (dist/web or its manifest is missing)...');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) console.log('  ERROR: vite build failed; browser parts will fail');
  }
  if (!existsSync(path.join(root, 'dist/ssr/entry-server.js'))) {
    console.log('building the server renderer (dist/ssr is missing)...');
    const r = spawnSync(
      'npx',
      ['vite', 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) console.log('  ERROR: vite SSR build failed; pages are client-rendered');
  }

  if (serverBuildIsStale()) {
    console.log('compiling the server (dist/server is missing or stale)...');
    await buildServer();
  }

  // --- SQLite server (compiled, as npm start runs it): throughput, admin list, browser, memory ---
  const dataDir = await freshDataDir();
  let server: ServerProcess | undefined;
  let rssIdle = Number.NaN;
  try {
    server = await spawnServer({
      port: PORT,
      dataDir,
      env: { ADMIN_EMAILS: ADMIN, ...UNLIMITED },
      compiled: true,
      // e.g. BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof': a profile of this server.
      nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    });
    // Idle: started, demo adventure loaded, no player yet; a few seconds to settle.
    await new Promise((r) => setTimeout(r, 5000));
    rssIdle = server.rss();
    console.log(`server RSS idle (compiled, SQLite, 5 s after start): ${mb(rssIdle)}`);
  } catch (err) {
    console.log(`ERROR: the SQLite server did not start: ${(err as Error).message}`);
  }

  if (server) await sqliteThroughputPart(server);
  await postgresPart();
  if (server) {
    await adminListPart(server);
    await mapPart(server);
  }
  await bundlePart();
  if (server) {
    await routesPart(server);
    await lighthousePart(server);
    await clickPart(server);
    await firstStartPart(server);
    await memoryPart(server, rssIdle);
  }
  await modulesPart(server?.url);

  await server?.stop();
  await importWaitPart();
  await growthPart();
  closeAgents();
  rmSync(dataDir, { recursive: true, force: true });
  printSummary(
    `${os.availableParallelism()} cores, node ${process.version}; one run on a shared machine: figures are noisy`,
  );
  console.log(
    `\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s on ${os.availableParallelism()} cores` +
      (failures.length ? `; parts with errors: ${failures.join(', ')}` : '; every part ran'),
  );
}

await main();
process.exit(0);
