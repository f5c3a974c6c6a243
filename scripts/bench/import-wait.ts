import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { IMPORT_BODY_LIMIT, importFileTooBig } from '../../core/api/transfer.ts';
import {
  adminCookie,
  closeAgents,
  request,
  type ServerProcess,
  spawnServer,
} from '../../test/http-kit.ts';
import { buildServer, serverBuildIsStale } from '../build-server.ts';
import { ADMIN, freshDataDir, mark, mb, onPostgresServer, PORT, part } from './context.ts';
import { record } from './summary.ts';

const PASSAGES = Number(process.env.BENCH_IMPORT_PASSAGES ?? 50_000);
const GOAL_MS = 1000;
/** BENCH_NODE_FLAGS (e.g. `--cpu-prof`) go to the servers. */
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** A Twee 3 story of `n` passages, each with a line of text and a link to the next. */
function bigTwee(n: number): string {
  const parts = [':: StoryTitle\nBench story\n\n'];
  for (let i = 0; i < n; i++) {
    parts.push(
      `:: P${i}\nPassage ${i}: the shop's page ${i} waits for its title tag. [[Next->P${(i + 1) % n}]]\n\n`,
    );
  }
  return parts.join('');
}

/** Asks /api/health back to back until stopped; the longest wait and how many were answered. */
function probe(url: string) {
  let stop = false;
  let longest = 0;
  let answered = 0;
  let failed = 0;
  const run = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await request(url, 'GET', '/api/health', {
        localAddress: '127.0.0.77',
        timeoutMs: 120_000,
      }).catch(() => null);
      longest = Math.max(longest, performance.now() - t0);
      if (res?.status === 200) answered++;
      else failed++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    stop = true;
    await run;
    return { longest, answered, failed };
  };
}

/** Runs `work` while the probe asks; prints and records the longest wait. */
async function measured(
  server: ServerProcess,
  engine: string,
  what: string,
  work: () => Promise<string>,
) {
  const done = probe(server.url);
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  const note = await work();
  const took = performance.now() - t0;
  const { longest, answered, failed } = await done();
  console.log(
    `  ${engine} ${what}: ${(took / 1000).toFixed(1)} s; another client's longest wait ${longest.toFixed(0)} ms (${answered} answered, ${failed} failed); goal ≤ ${GOAL_MS} ms ${mark(longest <= GOAL_MS && failed === 0)}${note ? `; ${note}` : ''}`,
  );
  record(
    `longest wait of another client during ${what}, ${engine}`,
    `${longest.toFixed(0)} ms (${(took / 1000).toFixed(1)} s)`,
    `≤ ${GOAL_MS} ms`,
    longest <= GOAL_MS && failed === 0,
  );
}

async function onServer(server: ServerProcess, engine: string): Promise<void> {
  const cookie = await adminCookie(server.url, ADMIN);
  const admin = (method: string, url: string, body?: unknown) =>
    request(server.url, method, url, { cookie, body, timeoutMs: 30 * 60_000 });
  const twee = bigTwee(PASSAGES);
  const n = PASSAGES.toLocaleString('en');
  await measured(server, engine, `a ${n}-passage import`, async () => {
    const res = await admin('POST', '/api/admin/import', { format: 'twee', text: twee });
    if (res.status !== 200) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
    return '';
  });
  let exported = '';
  await measured(server, engine, `the JSON export of ${n} scenes`, async () => {
    const res = await admin('GET', '/api/admin/export.json');
    if (res.status !== 200) throw new Error(`export: ${res.status}`);
    exported = res.text;
    const body = Buffer.byteLength(JSON.stringify({ format: 'json', text: exported }));
    const fits = !importFileTooBig(Buffer.byteLength(exported)) && body <= IMPORT_BODY_LIMIT;
    return `${mb(Buffer.byteLength(exported))} (files of up to 50 MB import), as an import request ${mb(body)} of the ${mb(IMPORT_BODY_LIMIT)} limit ${mark(fits)}`;
  });
  await measured(server, engine, `the undo of the ${n}-passage import`, async () => {
    const list = await admin('GET', '/api/admin/undo');
    const { entries } = list.json() as { entries: { id: string; action: string }[] };
    const entry = entries.find((e) => e.action === 'import');
    if (!entry) throw new Error('no import to undo');
    const res = await admin('POST', `/api/admin/undo/${entry.id}`);
    if (res.status !== 200) throw new Error(`undo: ${res.status} ${res.text.slice(0, 300)}`);
    return '';
  });
}

export async function importWaitPart(): Promise<void> {
  await part(
    `Another client's wait during a ${PASSAGES.toLocaleString('en')}-passage import, export and undo`,
    'import',
    async () => {
      const dataDir = await freshDataDir();
      const env = { ADMIN_EMAILS: ADMIN };
      let server: ServerProcess | undefined;
      try {
        server = await spawnServer({ port: PORT + 3, dataDir, env, compiled: true, nodeFlags });
        await onServer(server, 'SQLite');
      } finally {
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
      await onPostgresServer('bench_import', { port: PORT + 4, env, nodeFlags }, (pgServer) =>
        onServer(pgServer, 'PostgreSQL'),
      );
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (serverBuildIsStale()) await buildServer();
  await importWaitPart();
  closeAgents();
  process.exit(0);
}
