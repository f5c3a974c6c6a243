import { randomUUID } from 'node:crypto';
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
  signInGuest,
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
  onFreshPostgres,
  PORT,
  part,
  UNLIMITED,
} from './context.ts';
import { record } from './summary.ts';

/*
 * The growth part of `npm run bench` (docs/analytics.md): a choice log of a year of play written
 * straight into the database (as a restore or an upgrade brings it), then the server started on
 * it: start time, bytes per logged choice, and, from the start until the running totals have
 * counted the whole log, with players choosing, a new player arriving every 2 s and an admin
 * reading analytics every 2 s: how long the count takes (goal 5 minutes a million), each read's
 * time (goal 200 ms), the players' choice p99 against a quiet run after it (goal 2x), and every
 * 503. BENCH_GROWTH_ROWS sets the log's size (default 1,000,000; 10,000,000 is the second goal).
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

/**
 * One player's choices on the loop scenes until `stop()` (or `most` choices made): latencies and
 * refusals pushed.
 */
async function playUntil(
  server: ServerProcess,
  p: HttpPlayer,
  loop: Record<string, string>,
  stop: () => boolean,
  out: { latencies: number[]; refused: number },
  most = Number.POSITIVE_INFINITY,
) {
  const start = await request(server.url, 'POST', '/api/play/game/start', {
    cookie: p.cookie,
    localAddress: p.localAddress,
    body: {},
  });
  if (start.status !== 200) {
    out.refused++;
    return;
  }
  let scene = (start.json() as { player: { currentSceneId: string } }).player.currentSceneId;
  for (let made = 0; made < most && !stop(); made++) {
    const t0 = performance.now();
    const res = await request(server.url, 'POST', '/api/play/choices', {
      cookie: p.cookie,
      localAddress: p.localAddress,
      body: { optionId: loop[scene], idempotencyKey: randomUUID() },
    });
    out.latencies.push(performance.now() - t0);
    if (res.status !== 200) {
      out.refused++;
      await sleep(200);
      continue;
    }
    scene = (res.json() as { nextSceneId: string }).nextSceneId;
    await sleep(50 + Math.random() * 100);
  }
}

/** Choice times: p99 (the goal's), and the median and p90 that tell a shifted whole from a tail. */
const spread = (xs: number[]) => ({
  p50: percentile(xs, 50),
  p90: percentile(xs, 90),
  p99: percentile(xs, 99),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PLAYERS players on the loop scenes for PLAY_SECONDS, nothing else going on: the quiet p99. */
async function playQuietly(
  server: ServerProcess,
  players: HttpPlayer[],
  loop: Record<string, string>,
) {
  const out = { latencies: [] as number[], refused: 0 };
  let stop = false;
  const runs = players.map((p) => playUntil(server, p, loop, () => stop, out));
  await sleep(PLAY_SECONDS * 1000);
  stop = true;
  await Promise.all(runs);
  return { ...spread(out.latencies), refused: out.refused };
}

/**
 * Choices a newly arrived player makes while the log is counted, then leaves: the arrivals test
 * that new players are admitted and can play. (Arrivals that stayed would grow the load by one
 * player every 2 s for as long as the count runs, so a slow count would be measured against
 * ever more players, while the quiet run has PLAYERS.)
 */
const ARRIVAL_CHOICES = 20;

/**
 * From the server's start until the backlog is counted: PLAYERS players choosing, a new player
 * arriving every 2 s (sign-in, start, then ARRIVAL_CHOICES choices), and an admin reading
 * analytics every 2 s (overview and one scene in turn). Answers how long the count took, the
 * reads' times, and every refusal.
 */
async function whileCounting(
  server: ServerProcess,
  admin: string,
  players: HttpPlayer[],
  loop: Record<string, string>,
  sceneUrl: string,
  started: number,
) {
  const out = { latencies: [] as number[], refused: 0 };
  let stop = false;
  const runs = players.map((p) => playUntil(server, p, loop, () => stop, out));
  const arrivals = { n: 0, refused: 0 };
  const arriving = (async () => {
    while (!stop) {
      arrivals.n++;
      try {
        const p = await signInGuest(server.url);
        runs.push(playUntil(server, p, loop, () => stop, out, ARRIVAL_CHOICES));
      } catch {
        arrivals.refused++;
      }
      await sleep(2000);
    }
  })();
  const reads: number[] = [];
  /** The same times by read: the overview's and the scene's (they alternate). */
  const byRead = { overview: [] as number[], scene: [] as number[] };
  let readsRefused = 0;
  let last = '';
  const until = Date.now() + 30 * 60_000;
  for (let i = 0; Date.now() < until; i++) {
    const t0 = performance.now();
    const url = i % 2 === 0 ? '/api/admin/analytics' : sceneUrl;
    const res = await request(server.url, 'GET', url, { cookie: admin, timeoutMs: 600_000 });
    const took = performance.now() - t0;
    reads.push(took);
    byRead[i % 2 === 0 ? 'overview' : 'scene'].push(took);
    if (res.status !== 200) readsRefused++;
    else {
      const c = (res.json() as { counting: { counted: number; total: number } | null }).counting;
      if (!c) break;
      last = `${c.counted.toLocaleString('en')} of ${c.total.toLocaleString('en')}`;
    }
    await sleep(2000);
  }
  const countS = (Date.now() - started) / 1000;
  stop = true;
  await arriving;
  await Promise.all(runs);
  return {
    countS,
    last,
    reads,
    byRead,
    readsRefused,
    arrivals,
    ...spread(out.latencies),
    choices: out.latencies.length,
    refused: out.refused,
  };
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
  const ready = Date.now();
  const startS = (ready - t0) / 1000;
  try {
    const admin = await adminOf(server);
    const get = (url: string) =>
      request(server.url, 'GET', url, { cookie: admin, timeoutMs: 600_000 });
    const loop = await createLoopScenesOnce(server);
    const scenes = (await get('/api/admin/analytics')).json() as { scenes: { sceneId: string }[] };
    const sceneUrl = `/api/admin/analytics/scenes/${scenes.scenes[1]?.sceneId}`;
    const players = await signInGuests(server.url, PLAYERS);
    const busy = await whileCounting(server, admin, players, loop, sceneUrl, ready);
    const quiet = await playQuietly(server, await signInGuests(server.url, PLAYERS), loop);

    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const urls = {
      overview: '/api/admin/analytics',
      '30-day range': `/api/admin/analytics?from=${from}&to=${to}`,
      'one scene': sceneUrl,
    };
    const times: Record<string, number> = {};
    for (const [name, url] of Object.entries(urls)) {
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) runs.push(await timed(() => get(url)));
      times[name] = percentile(runs, 50);
    }

    const rate = ROWS / Math.max(busy.countS, 0.001);
    console.log(
      `  ${label}: ${ROWS.toLocaleString('en')} logged choices; start ${startS.toFixed(1)} s; ` +
        `counted in ${busy.countS.toFixed(0)} s after the start (${rate.toFixed(0)} rows/s; last read before the end: ${busy.last}) ` +
        `while ${PLAYERS} players played, ${busy.arrivals.n} arrived and analytics was read ${busy.reads.length} times; ` +
        `${bytesPerChoice.toFixed(0)} bytes per logged choice`,
    );
    console.log(
      `  ${label}: analytics reads while counting: median ${ms(percentile(busy.reads, 50))}, ` +
        `slowest ${ms(Math.max(...busy.reads))}, ${busy.readsRefused} refused; ` +
        Object.entries(busy.byRead)
          .map(
            ([name, xs]) =>
              `${name} median ${ms(percentile(xs, 50))}, p90 ${ms(percentile(xs, 90))}, slowest ${ms(Math.max(...xs))}`,
          )
          .join('; '),
    );
    for (const [name, t] of Object.entries(times))
      console.log(`  ${label}: analytics ${name} ${ms(t)} after the count (median of 7)`);
    console.log(
      `  ${label}: choice p99 ${ms(busy.p99)} while counting (${busy.choices} choices; median ${ms(busy.p50)}, p90 ${ms(busy.p90)}), ` +
        `${ms(quiet.p99)} quiet (median ${ms(quiet.p50)}, p90 ${ms(quiet.p90)}); ` +
        `refused: ${busy.refused} choices, ${busy.arrivals.refused} of ${busy.arrivals.n} new players`,
    );
    const slowest = Math.max(...busy.reads, ...Object.values(times));
    record(
      `analytics read at ${ROWS.toLocaleString('en')} choices, while counting and after, ${label}`,
      `slowest ${ms(slowest)} (${busy.reads.length} reads while counting, ${busy.readsRefused} refused)`,
      `≤ ${GOAL_MS} ms, none refused`,
      slowest <= GOAL_MS && busy.readsRefused === 0,
    );
    const countGoalS = (300 * ROWS) / 1_000_000;
    record(
      `counting a restored log of ${ROWS.toLocaleString('en')} choices under play and reads, ${label}`,
      `${busy.countS.toFixed(0)} s (${rate.toFixed(0)} rows/s)`,
      `≤ ${countGoalS.toFixed(0)} s`,
      busy.countS <= countGoalS,
    );
    const within = busy.p99 <= 2 * quiet.p99;
    record(
      `choice p99 while the log is counted and analytics read, ${label}`,
      `${ms(busy.p99)} vs ${ms(quiet.p99)} quiet`,
      '≤ 2× quiet',
      within,
    );
    const refused = busy.refused + busy.arrivals.refused + quiet.refused;
    record(
      `503s to players while the log is counted, ${label}`,
      `${refused} (${busy.arrivals.refused} of ${busy.arrivals.n} new players)`,
      '0',
      refused === 0,
    );
    record(
      `start on the grown log / bytes per choice, ${label}`,
      `${startS.toFixed(1)} s / ${bytesPerChoice.toFixed(0)} B`,
      'measured',
      null,
    );
    console.log(
      `  ${label}: ${mark(slowest <= GOAL_MS)} analytics, ${mark(within && refused === 0)} players, ` +
        `${mark(busy.countS <= countGoalS)} count`,
    );
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

    await onFreshPostgres('bench_growth', async (dbUrl) => {
      const size = async () => {
        const client = new pg.Client({ connectionString: dbUrl });
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
      const post = await prepare(() => openDatabase({ databaseUrl: dbUrl }), size);
      console.log(`  postgres: log filled in ${post.fillS.toFixed(0)} s`);
      await measure('postgres', { DATABASE_URL: dbUrl }, post.bytesPerChoice);
    });
  });
}
