import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  closeAgents,
  cpuTimeOf,
  ok,
  type ServerProcess,
  signInGuests,
} from '../../test/http-kit.ts';
import {
  LOOP_A,
  LOOP_SELF,
  playersPlaying,
  THINK_MAX_MS,
  THINK_MIN_MS,
} from '../../test/play-loop.ts';
import { adminListFigures } from './admin-list.ts';
import {
  ADMIN,
  adminOf,
  createLoopScenesOnce,
  failures,
  mark,
  mb,
  ms,
  onPostgresServer,
  PORT,
  part,
  root,
  SECONDS,
  UNLIMITED,
} from './context.ts';
import { record } from './summary.ts';
import { CONNECTIONS, type Figures, measureThroughput } from './throughput.ts';

/** The bench parts that drive the server over HTTP: throughput on both engines, the admin list, memory, and the scripts/bench/*.bench.ts modules. */

type Throughput = { health: Figures; reads: Figures; choices: Figures };

function printThroughput(label: string, r: Throughput, goals: { reads: number; choices: number }) {
  const line = (name: string, f: Figures, target?: number) => {
    const ratio = f.rps / r.health.rps;
    const t =
      target === undefined
        ? ''
        : `  ratio ${ratio.toFixed(2)}× (target ≥ ${target}× ${mark(ratio >= target)})`;
    const who = label === 'postgres' ? 'server + PostgreSQL CPU' : 'server CPU';
    const cpu = Number.isNaN(f.cpuUs)
      ? ''
      : `  ${who} ${f.cpuUs.toFixed(0)} µs/req (${(1e6 / f.cpuUs).toFixed(0)}/s per core)`;
    console.log(
      `  ${label} ${name.padEnd(16)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  ` +
        `(${f.requests} requests, ${f.errors} errors, ${f.non2xx} non-2xx)${cpu}${t}`,
    );
  };
  line('GET /api/health', r.health);
  line('scene reads', r.reads, goals.reads);
  line('choices', r.choices, goals.choices);
  // The same comparison by the server's own CPU per request (health's ÷ theirs): other processes
  // on the machine move it less than requests per second. On PostgreSQL the database's CPU is in it.
  const byCpu = (f: Figures) => (r.health.cpuUs / f.cpuUs).toFixed(2);
  if (!Number.isNaN(r.health.cpuUs)) {
    console.log(
      `  ${label} by server CPU per request: reads ${byCpu(r.reads)}×, choices ${byCpu(r.choices)}× of health`,
    );
  }
}

/** CPU time (ms) of every PostgreSQL process on this machine (its backends serve the bench's server). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // the process ended
    }
    const ms = cpuTimeOf(Number(pid));
    if (!Number.isNaN(ms)) total += ms;
  }
  return total;
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
  // On PostgreSQL the database's processes do part of the work: their CPU is counted too.
  const cpu =
    label === 'postgres'
      ? () => cpuTimeOf(server.child.pid) + postgresCpuMs()
      : () => cpuTimeOf(server.child.pid);
  const r = await measureThroughput(server.url, players, loop, SECONDS, cpu);
  if (r.health.errors + r.reads.errors + r.choices.errors > 0) {
    // Socket errors and timeouts: what the server said last (it may have stalled or died).
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    console.log(`  the server ${alive ? 'is running' : 'has exited'}; its last output:`);
    for (const l of server.output().trim().split('\n').slice(-10))
      console.log(`    ${l.slice(0, 300)}`);
  }
  // The bench goals: SQLite 0.8× / 0.5×, PostgreSQL 0.6× / 0.3× of /api/health.
  printThroughput(
    label,
    r,
    label === 'postgres' ? { reads: 0.6, choices: 0.3 } : { reads: 0.8, choices: 0.5 },
  );
  return r;
}

const ratio = (r: Throughput, f: Figures) => f.rps / r.health.rps;

/** Throughput on SQLite: scene reads and choices beside /api/health. */
export async function sqliteThroughputPart(s: ServerProcess): Promise<void> {
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

/** Throughput on PostgreSQL, in a fresh database dropped afterwards (DATABASE_URL or TEST_DATABASE_URL). */
export async function postgresPart(): Promise<void> {
  await part(
    `Throughput on PostgreSQL (${CONNECTIONS} connections, ${SECONDS} s each)`,
    'postgres',
    async () => {
      await onPostgresServer(
        'bench',
        { port: PORT + 1, env: { ADMIN_EMAILS: ADMIN, ...UNLIMITED } },
        async (pgServer) => {
          const r = await throughputOn('postgres', pgServer);
          const reads = ratio(r, r.reads);
          const choices = ratio(r, r.choices);
          record(
            'scene read / choice ÷ health, PostgreSQL',
            `${reads.toFixed(2)}× / ${choices.toFixed(2)}× (${r.reads.rps.toFixed(0)} / ${r.choices.rps.toFixed(0)} / ${r.health.rps.toFixed(0)} req/s)`,
            '≥ 0.6× / ≥ 0.3×',
            reads >= 0.6 && choices >= 0.3,
          );
        },
      );
    },
  );
}

/** The admin scene list and search with 10,000 scenes. */
export async function adminListPart(s: ServerProcess): Promise<void> {
  await part('Admin scene list and search with 10,000 scenes (SQLite)', 'admin', async () => {
    await adminListFigures(s.url, await adminOf(s));
  });
}

/** Server memory with 1,000 concurrent players. */
export async function memoryPart(s: ServerProcess, rssIdle: number): Promise<void> {
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

/** Runs every scripts/bench/*.bench.ts module's run(). */
export async function modulesPart(baseUrl: string | undefined): Promise<void> {
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
        await mod.run({ baseUrl, root });
      } catch (err) {
        failures.push(f);
        console.log(`  ERROR in ${f}: ${(err as Error).stack ?? err}`);
      }
    }
  });
}
