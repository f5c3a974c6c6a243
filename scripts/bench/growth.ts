import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../server/config.ts';
import { loadContent } from '../../server/content/load-content.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import {
  closeAgents,
  type HttpPlayer,
  request,
  type ServerProcess,
  signInGuests,
  spawnServer,
} from '../../test/http-kit.ts';
import { fillChoiceLog, type WalkScene } from '../../test/server/fill-log.ts';
import {
  ADMIN,
  adminOf,
  createLoopScenesOnce,
  freshDataDir,
  mark,
  ms,
  PORT,
  part,
  UNLIMITED,
} from './context.ts';
import { record } from './summary.ts';

/*
 * The growth part of `npm run bench` (docs/analytics.md): a choice log of a year of play written
 * straight into the database (as a restore or an upgrade brings it), then the server started on
 * it: start time, bytes per logged choice, how long the analytics' running totals take to catch
 * up, the analytics' answer times, and the players' choice p99 while an admin reloads analytics.
 * BENCH_GROWTH_ROWS sets the log's size (default 1,000,000; 10,000,000 is the second goal).
 */

const ROWS = Number(process.env.BENCH_GROWTH_ROWS ?? 1_000_000);
/** The goal for an analytics answer at this size: 200 ms at 1,000,000 rows, 1 s at 10,000,000. */
const GOAL_MS = ROWS > 1_000_000 ? 1000 : 200;
const PLAYERS = 16;
const PLAY_SECONDS = 15;

/** The story as the filler walks it, from the initial scene. */
export async function storyOf(db: Db): Promise<WalkScene[]> {
  const scenes = await db.db.selectFrom('scenarios').select(['id', 'is_start']).execute();
  const options = await db.db
    .selectFrom('scenario_choices')
    .select(['id', 'scenario_id', 'next_scenario_id'])
    .execute();
  const walk = scenes.map((s) => ({
    id: s.id,
    start: Boolean(s.is_start),
    options: options
      .filter((o) => o.scenario_id === s.id)
      .map((o) => ({ id: o.id, next: o.next_scenario_id })),
  }));
  return walk.sort((a, b) => Number(b.start) - Number(a.start));
}

/**
 * Opens the engine's storage, migrates and loads the demo adventure, then fills the log; sizes are
 * read with the database closed (SQLite's write-ahead log folded in).
 */
async function prepare(open: () => Promise<Db>, size: () => Promise<number>) {
  const db = await open();
  await migrateToLatest(db.db, db.schema);
  await loadContent(db.db);
  const scenes = await storyOf(db);
  await db.close();
  const before = await size();
  const t0 = Date.now();
  const filled = await open();
  try {
    await fillChoiceLog(filled.db, {
      rows: ROWS,
      players: Math.ceil(ROWS / 50),
      days: 365,
      scenes,
    });
  } finally {
    await filled.close();
  }
  const fillS = (Date.now() - t0) / 1000;
  return { bytesPerChoice: ((await size()) - before) / ROWS, fillS };
}

const timed = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** Choices of PLAYERS players on the loop scenes for PLAY_SECONDS: latencies and refusals. */
async function playWhile(
  server: ServerProcess,
  players: HttpPlayer[],
  loop: Record<string, string>,
) {
  const latencies: number[] = [];
  let refused = 0;
  let stop = false;
  const runs = players.map(async (p) => {
    const start = await request(server.url, 'POST', '/api/play/game/start', {
      cookie: p.cookie,
      localAddress: p.localAddress,
      body: {},
    });
    let scene = (start.json() as { player: { currentSceneId: string } }).player.currentSceneId;
    while (!stop) {
      const t0 = performance.now();
      const res = await request(server.url, 'POST', '/api/play/choices', {
        cookie: p.cookie,
        localAddress: p.localAddress,
        body: { optionId: loop[scene], idempotencyKey: randomUUID() },
      });
      latencies.push(performance.now() - t0);
      if (res.status !== 200) {
        refused++;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      scene = (res.json() as { nextSceneId: string }).nextSceneId;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  });
  await new Promise((r) => setTimeout(r, PLAY_SECONDS * 1000));
  stop = true;
  await Promise.all(runs);
  return { p99: percentile(latencies, 99), choices: latencies.length, refused };
}

/** Starts the server on the filled storage and measures it. */
async function measure(label: string, env: Record<string, string>, bytesPerChoice: number) {
  const dataDir = await freshDataDir();
  const t0 = Date.now();
  const server = await spawnServer({
    port: PORT + 1,
    dataDir: env.DATA_DIR ?? dataDir,
    env: { ADMIN_EMAILS: ADMIN, ...UNLIMITED, ...env },
    compiled: true,
    timeoutMs: 600_000,
  });
  const startS = (Date.now() - t0) / 1000;
  try {
    const admin = await adminOf(server);
    const get = (url: string) =>
      request(server.url, 'GET', url, { cookie: admin, timeoutMs: 600_000 });
    const c0 = Date.now();
    for (;;) {
      const res = await get('/api/admin/analytics');
      if (res.status !== 200)
        throw new Error(`analytics answered ${res.status}: ${res.text.slice(0, 200)}`);
      if ((res.json() as { pending: number }).pending === 0) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    const catchUpS = (Date.now() - c0) / 1000;
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const urls = {
      overview: '/api/admin/analytics',
      '30-day range': `/api/admin/analytics?from=${from}&to=${to}`,
      'one scene': `/api/admin/analytics/scenes/${((await get('/api/admin/analytics')).json() as { scenes: { sceneId: string }[] }).scenes[1]?.sceneId}`,
    };
    const times: Record<string, number> = {};
    for (const [name, url] of Object.entries(urls)) {
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) runs.push(await timed(() => get(url)));
      times[name] = percentile(runs, 50);
    }
    const loop = await createLoopScenesOnce(server);
    const players = await signInGuests(server.url, PLAYERS);
    const quiet = await playWhile(server, players, loop);
    let reloading = true;
    let reloads = 0;
    const admin503: number[] = [];
    const reloader = (async () => {
      while (reloading) {
        for (const url of Object.values(urls)) {
          const res = await get(url);
          reloads++;
          if (res.status !== 200) admin503.push(res.status);
        }
      }
    })();
    const busy = await playWhile(server, players, loop);
    reloading = false;
    await reloader;

    console.log(
      `  ${label}: ${ROWS.toLocaleString('en')} logged choices; start ${startS.toFixed(1)} s; ` +
        `totals caught up in ${catchUpS.toFixed(0)} s (${(ROWS / Math.max(catchUpS, 0.001)).toFixed(0)} rows/s); ` +
        `${bytesPerChoice.toFixed(0)} bytes per logged choice`,
    );
    for (const [name, t] of Object.entries(times))
      console.log(`  ${label}: analytics ${name} ${ms(t)} (median of 7)`);
    console.log(
      `  ${label}: choice p99 ${ms(quiet.p99)} quiet, ${ms(busy.p99)} while analytics reloaded ${reloads} times; ` +
        `players refused ${busy.refused}, analytics refused ${admin503.length}`,
    );
    const worst = Math.max(...Object.values(times));
    record(
      `analytics answer at ${ROWS.toLocaleString('en')} choices, ${label}`,
      `${ms(worst)} (overview ${ms(times.overview ?? 0)})`,
      `≤ ${GOAL_MS} ms`,
      worst <= GOAL_MS,
    );
    const within = busy.p99 <= 2 * quiet.p99 && busy.refused === 0 && quiet.refused === 0;
    record(
      `choice p99 while analytics reloads, ${label}`,
      `${ms(busy.p99)} vs ${ms(quiet.p99)} quiet, ${busy.refused} refused`,
      '≤ 2× quiet, none refused',
      within,
    );
    record(
      `start on the grown log / bytes per choice, ${label}`,
      `${startS.toFixed(1)} s / ${bytesPerChoice.toFixed(0)} B`,
      'measured',
      null,
    );
    console.log(`  ${label}: ${mark(worst <= GOAL_MS)} analytics, ${mark(within)} players`);
  } finally {
    await server.stop();
    closeAgents();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The growth part on SQLite, and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set. */
export async function growthPart(): Promise<void> {
  await part(`Growth: a log of ${ROWS.toLocaleString('en')} choices`, 'growth', async () => {
    const dataDir = await freshDataDir();
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    try {
      const sizeOf = async () =>
        ['', '-wal'].reduce(
          (n, s) => n + (statSync(`${file}${s}`, { throwIfNoEntry: false })?.size ?? 0),
          0,
        );
      const lite = await prepare(() => openDatabase({ sqliteFile: file }), sizeOf);
      console.log(`  sqlite: log filled in ${lite.fillS.toFixed(0)} s`);
      await measure('sqlite', { DATA_DIR: dataDir }, lite.bytesPerChoice);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) {
      console.log('  PostgreSQL not run: set DATABASE_URL or TEST_DATABASE_URL');
      return;
    }
    const name = `bench_growth_${randomBytes(4).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: url });
    await adminClient.connect();
    await adminClient.query(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    try {
      const size = async () => {
        const client = new pg.Client({ connectionString: dbUrl.toString() });
        await client.connect();
        try {
          const r = await client.query(
            "select coalesce(pg_total_relation_size(to_regclass('choice_log')), 0) as n",
          );
          return Number(r.rows[0]?.n ?? 0);
        } finally {
          await client.end();
        }
      };
      const post = await prepare(() => openDatabase({ databaseUrl: dbUrl.toString() }), size);
      console.log(`  postgres: log filled in ${post.fillS.toFixed(0)} s`);
      await measure('postgres', { DATABASE_URL: dbUrl.toString() }, post.bytesPerChoice);
    } finally {
      await adminClient.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await adminClient.end();
    }
  });
}
