/**
 * `npm run bench`: performance figures from one run (issue 9, with the bench parts of issues 4
 * and 5), ending with issue 18's table: every figure beside its goal. The servers run compiled
 * (dist/server, built when stale), as `npm start` runs them. Every part fails soft: its error is
 * printed and the next part runs.
 *
 * Environment: DATABASE_URL or TEST_DATABASE_URL adds the PostgreSQL throughput run (in a fresh
 * database that is dropped afterwards); BENCH_SECONDS (default 10) is the length of each
 * throughput measurement; BENCH_SKIP (comma list: throughput,postgres,admin,map,bundle,
 * routes,lighthouse,click,memory,modules) leaves parts out; CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  adminCookie,
  closeAgents,
  type HttpPlayer,
  ok,
  type ServerProcess,
  signInGuests,
  spawnServer,
} from '../../test/http-kit.ts';
import {
  createLoopScenes,
  LOOP_A,
  LOOP_SELF,
  playersPlaying,
  THINK_MAX_MS,
  THINK_MIN_MS,
} from '../../test/play-loop.ts';
import { buildServer, serverBuildIsStale } from '../build-server.ts';
import { adminListFigures, percentile } from './admin-list.ts';
import { routeWeights } from './bundle.ts';
import { clickToPaint } from './click.ts';
import { lighthouseScores } from './lighthouse.ts';
import { journeyJs, routeFigures } from './routes.ts';
import { MAP_SCENES, storyMapFigures } from './story-map.ts';
import { printSummary, record } from './summary.ts';
import { CONNECTIONS, type Figures, measureThroughput } from './throughput.ts';

const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(root, 'dist/web');
const ADMIN = 'bench-admin@example.com';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The throughput runs fire choices as fast as they can: the per-player choice limit would refuse them. */
const UNLIMITED = { CHOICE_LIMIT: '0' };
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
const started = Date.now();
const failures: string[] = [];

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const mark = (pass: boolean) => (pass ? 'ok' : 'MISSED');

/** Runs one part; an error is printed and the bench goes on. */
async function part(name: string, key: string, fn: () => Promise<void>): Promise<void> {
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

type Throughput = { health: Figures; reads: Figures; choices: Figures };

function printThroughput(label: string, r: Throughput, goals: { reads: number; choices: number }) {
  const line = (name: string, f: Figures, target?: number) => {
    const ratio = f.rps / r.health.rps;
    const t =
      target === undefined
        ? ''
        : `  ratio ${ratio.toFixed(2)}× (target ≥ ${target}× ${mark(ratio >= target)})`;
    console.log(
      `  ${label} ${name.padEnd(16)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  ` +
        `(${f.requests} requests, ${f.errors} errors, ${f.non2xx} non-2xx)${t}`,
    );
  };
  line('GET /api/health', r.health);
  line('scene reads', r.reads, goals.reads);
  line('choices', r.choices, goals.choices);
}

/** Starts a server, makes the loop scenes and 64 started guests, and measures throughput. */
async function throughputOn(label: string, server: ServerProcess): Promise<Throughput> {
  const loop = await createLoopScenesOnce(server);
  const admin = await adminOf(server);
  // Players start on the scene that leads to itself; then the two-scene loop is initial again.
  await ok(server.url, 'POST', `/api/admin/scenes/${LOOP_SELF}/initial`, admin);
  const players = await signInGuests(server.url, CONNECTIONS);
  for (const p of players) {
    await ok(server.url, 'POST', '/api/play/game/start', p.cookie, {});
  }
  await ok(server.url, 'POST', `/api/admin/scenes/${LOOP_A}/initial`, admin);
  const r = await measureThroughput(server.url, players, loop, SECONDS);
  // Issue 18's goals: SQLite 0.8× / 0.5×, PostgreSQL 0.6× / 0.3× of /api/health.
  printThroughput(
    label,
    r,
    label === 'postgres' ? { reads: 0.6, choices: 0.3 } : { reads: 0.8, choices: 0.5 },
  );
  return r;
}

const ratio = (r: Throughput, f: Figures) => f.rps / r.health.rps;

async function freshDataDir(): Promise<string> {
  return mkdtempSync(path.join(os.tmpdir(), 'seo-adv-bench-'));
}

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
      port: 3501,
      dataDir,
      env: { ADMIN_EMAILS: ADMIN, ...UNLIMITED },
      compiled: true,
    });
    // Idle: started, demo adventure loaded, no player yet; a few seconds to settle.
    await new Promise((r) => setTimeout(r, 5000));
    rssIdle = server.rss();
    console.log(`server RSS idle (compiled, SQLite, 5 s after start): ${mb(rssIdle)}`);
  } catch (err) {
    console.log(`ERROR: the SQLite server did not start: ${(err as Error).message}`);
  }

  if (server) {
    const s = server;
    await part(
      `Throughput on SQLite (${CONNECTIONS} connections, ${SECONDS} s each)`,
      'throughput',
      async () => {
        const r = await throughputOn('sqlite', s);
        const reads = ratio(r, r.reads);
        const choices = ratio(r, r.choices);
        record(
          'scene read ÷ /api/health throughput, SQLite',
          `${reads.toFixed(2)}× (${r.reads.rps.toFixed(0)} / ${r.health.rps.toFixed(0)} req/s)`,
          '≥ 0.8×',
          reads >= 0.8,
        );
        record(
          'choice ÷ /api/health, SQLite',
          `${choices.toFixed(2)}× (${r.choices.rps.toFixed(0)} / ${r.health.rps.toFixed(0)} req/s)`,
          '≥ 0.5×',
          choices >= 0.5,
        );
      },
    );
  }

  await part(
    `Throughput on PostgreSQL (${CONNECTIONS} connections, ${SECONDS} s each)`,
    'postgres',
    async () => {
      const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (!url) {
        console.log('  not run: set DATABASE_URL or TEST_DATABASE_URL');
        return;
      }
      const name = `bench_${randomBytes(5).toString('hex')}`;
      const adminClient = new pg.Client({ connectionString: url });
      await adminClient.connect();
      await adminClient.query(`create database ${name}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      const pgDir = await freshDataDir();
      let pgServer: ServerProcess | undefined;
      try {
        pgServer = await spawnServer({
          port: 3502,
          dataDir: pgDir,
          env: { ADMIN_EMAILS: ADMIN, DATABASE_URL: dbUrl.toString(), ...UNLIMITED },
          compiled: true,
        });
        const r = await throughputOn('postgres', pgServer);
        const reads = ratio(r, r.reads);
        const choices = ratio(r, r.choices);
        record(
          'scene read / choice ÷ health, PostgreSQL',
          `${reads.toFixed(2)}× / ${choices.toFixed(2)}× (${r.reads.rps.toFixed(0)} / ${r.choices.rps.toFixed(0)} / ${r.health.rps.toFixed(0)} req/s)`,
          '≥ 0.6× / ≥ 0.3×',
          reads >= 0.6 && choices >= 0.3,
        );
      } finally {
        await pgServer?.stop();
        closeAgents();
        await adminClient.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await adminClient.end();
        rmSync(pgDir, { recursive: true, force: true });
      }
    },
  );

  if (server) {
    const s = server;
    await part('Admin scene list and search with 10,000 scenes (SQLite)', 'admin', async () => {
      await adminListFigures(s.url, await adminOf(s));
    });
  }

  if (server) {
    const s = server;
    await part(
      `Story map with ${MAP_SCENES.toLocaleString('en-US')} generated scenes (Chromium)`,
      'map',
      async () => {
        const f = await storyMapFigures(s.url, await adminOf(s));
        const worst = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
        console.log(
          `  ${f.scenes} scenes, ${f.links} links; imported through POST /api/admin/import in ${ms(f.importMs)}`,
        );
        console.log(
          `  open → first box on screen ${ms(f.openMs)}; long tasks while opening: ${f.openLongTasks.length}, ` +
            `longest ${ms(worst(f.openLongTasks))} (target ≤ 100 ms ${mark(worst(f.openLongTasks) <= 100)})`,
        );
        record(
          'story map, 10,000 scenes, longest task while opening',
          ms(worst(f.openLongTasks)),
          '≤ 100 ms',
          worst(f.openLongTasks) <= 100,
        );
        console.log(
          `  ${f.panSteps} pan/zoom steps (keys, drags, wheel): long tasks ${f.panLongTasks.length}, ` +
            `longest ${ms(worst(f.panLongTasks))} (target ≤ 200 ms ${mark(worst(f.panLongTasks) <= 200)})`,
        );
      },
    );
  }

  await part(
    'Player-route JS and CSS (gzip, from dist/web/.vite/manifest.json)',
    'bundle',
    async () => {
      for (const w of routeWeights(webRoot)) {
        console.log(
          `  ${w.route.padEnd(16)} JS ${kb(w.jsGzip)} (target ≤ 100 KB ${mark(w.jsGzip <= 100 * 1024)})  ` +
            `CSS ${kb(w.cssGzip)}  ${w.files.length} files  admin code: ${w.adminFiles.length === 0 ? 'none ok' : `FOUND ${w.adminFiles.join(', ')}`}`,
        );
      }
    },
  );

  let guest: HttpPlayer | undefined;
  if (server) {
    const s = server;
    await part(
      'Every route as a first-time visitor (Chromium): scripts loaded (gzip) and words in the served HTML',
      'routes',
      async () => {
        await createLoopScenesOnce(s);
        const [visitor] = await signInGuests(s.url, 1);
        await ok(s.url, 'POST', '/api/play/game/start', visitor!.cookie, {});
        const scene = `/game/scene/${LOOP_A}`;
        const publicPaths = ['/', '/landing', '/page/about', '/consultants', '/auth'];
        const playerPaths = ['/game', scene, '/take-a-break', '/consultant-submission'];
        const figures = await routeFigures(s.url, webRoot, [
          ...publicPaths.map((p) => ({ path: p })),
          ...playerPaths.map((p) => ({ path: p, cookie: visitor!.cookie })),
          { path: '/admin', cookie: await adminOf(s) },
        ]);
        for (const f of figures) {
          console.log(
            `  ${f.path.padEnd(26)} JS ${kb(f.jsGzip).padStart(9)} (${f.jsFiles.length} files)  ` +
              `words in the served HTML: ${f.servedWords} of ${f.renderedWords} shown`,
          );
        }
        const journey = journeyJs(figures, ['/', scene], webRoot);
        console.log(`  / then ${scene}: ${kb(journey)} of JS (gzip, the union of both pages)`);
        record(
          'JS a player downloads from / to the first scene, gzip',
          kb(journey),
          '≤ 100 KB',
          journey <= 100 * 1024,
        );
        const counted = figures.filter((f) => [...publicPaths, scene].includes(f.path));
        const shown = counted.reduce((n, f) => n + f.renderedWords, 0);
        const served = counted.reduce((n, f) => n + f.servedWords, 0);
        record(
          'words of the page in the served HTML (public pages, scene page)',
          `${served} of ${shown} (${((100 * served) / Math.max(1, shown)).toFixed(0)} %)`,
          'all of them',
          served === shown,
        );
      },
    );

    await part('Lighthouse (mobile) on / and a scene', 'lighthouse', async () => {
      await createLoopScenesOnce(s);
      [guest] = await signInGuests(s.url, 1);
      await ok(s.url, 'POST', '/api/play/game/start', guest!.cookie, {});
      const results = await lighthouseScores(
        [{ url: `${s.url}/` }, { url: `${s.url}/game/scene/ops-loop-a`, cookie: guest!.cookie }],
        3590,
      );
      for (const r of results) {
        const pass =
          r.performance >= 95 &&
          r.accessibility === 100 &&
          r.bestPractices === 100 &&
          r.seo === 100;
        console.log(
          `  ${new URL(r.url).pathname.padEnd(22)} performance ${r.performance}  accessibility ${r.accessibility}  ` +
            `best-practices ${r.bestPractices}  SEO ${r.seo}  (targets 95/100/100/100 ${mark(pass)})`,
        );
        console.log(`      FCP ${ms(r.fcpMs)}  LCP ${ms(r.lcpMs)}`);
        for (const f of r.failing) console.log(`      - ${f}`);
      }
      const scene = results[1];
      if (scene) {
        record(
          'Lighthouse mobile performance, scene page',
          `${scene.performance} (FCP ${(scene.fcpMs / 1000).toFixed(1)} s, LCP ${(scene.lcpMs / 1000).toFixed(1)} s)`,
          '≥ 98, LCP ≤ 1.2 s',
          scene.performance >= 98 && scene.lcpMs <= 1200,
        );
      }
    });

    await part('Click → next screen painted (Chromium, 50 clicks)', 'click', async () => {
      await createLoopScenesOnce(s);
      const [player] = await signInGuests(s.url, 1);
      await ok(s.url, 'POST', '/api/play/game/start', player!.cookie, {});
      const r = await clickToPaint(s.url, player!.cookie, 50);
      console.log(
        `  p50 ${ms(percentile(r.samples, 50))}  p95 ${ms(percentile(r.samples, 95))}  ` +
          `max ${ms(Math.max(...r.samples))}  (${r.samples.length} clicks; ${r.interstitials} led to an advertisement or event screen first)`,
      );
      const p95 = percentile(r.samples, 95);
      record(
        'click → next scene painted, p95 (Chromium, localhost)',
        ms(p95),
        '≤ 50 ms',
        p95 <= 50,
      );
    });

    await part('Server memory with 1,000 concurrent players (SQLite, 30 s)', 'memory', async () => {
      const loop = await createLoopScenesOnce(s);
      const players = await signInGuests(s.url, 1000, 32);
      const r = await playersPlaying(s, players, loop, 30_000);
      console.log(
        `  RSS idle ${mb(rssIdle)}, peak ${mb(r.peakRss)}, after ${mb(s.rss())}; ` +
          `${r.acks.length} choices (${r.perSecond.toFixed(0)}/s), ${r.errors.length} errors ` +
          `(players think ${THINK_MIN_MS / 1000}–${THINK_MAX_MS / 1000} s between a read and a choice)`,
      );
      for (const e of r.errors.slice(0, 5)) console.log(`      - ${e}`);
      record(
        'server RSS idle / 1,000 players',
        `${mb(rssIdle)} / ${mb(r.peakRss)} (peak)`,
        '≤ 100 / ≤ 150 MB',
        rssIdle <= 100 * 2 ** 20 && r.peakRss <= 150 * 2 ** 20,
      );
      const pressure = s
        .output()
        .split('\n')
        .filter((l) => l.includes('under pressure'));
      if (pressure.length > 0) {
        console.log(
          `  the server refused ${pressure.length} requests under pressure, first: ${pressure[0]!.slice(0, 300)}`,
        );
      }
      closeAgents();
    });
  }

  await part('Modules scripts/bench/*.bench.ts', 'modules', async () => {
    const files = readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith('.bench.ts'))
      .sort();
    if (files.length === 0) console.log('  none');
    for (const f of files) {
      console.log(`  --- ${f}`);
      try {
        const mod = (await import(pathToFileURL(path.join(import.meta.dirname, f)).href)) as {
          run?: (context: { baseUrl?: string; root: string }) => unknown;
        };
        if (typeof mod.run !== 'function') throw new Error('exports no run()');
        await mod.run({ baseUrl: server?.url, root });
      } catch (err) {
        failures.push(f);
        console.log(`  ERROR in ${f}: ${(err as Error).stack ?? err}`);
      }
    }
  });

  await server?.stop();
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

const adminCookies = new Map<string, string>();
/** The bench admin's session on a server (signed up once). */
async function adminOf(s: ServerProcess): Promise<string> {
  let cookie = adminCookies.get(s.url);
  if (!cookie) {
    cookie = await adminCookie(s.url, ADMIN);
    adminCookies.set(s.url, cookie);
  }
  return cookie;
}

const loops = new Map<string, Record<string, string>>();
/** The loop scenes of a server (made once, set as the initial scene). */
async function createLoopScenesOnce(s: ServerProcess): Promise<Record<string, string>> {
  let loop = loops.get(s.url);
  if (!loop) {
    loop = await createLoopScenes(s.url, await adminOf(s));
    loops.set(s.url, loop);
  }
  return loop;
}

await main();
process.exit(0);
