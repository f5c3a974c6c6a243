import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { HttpPlayer } from '../../test/http-kit.ts';
import { LOOP_SELF } from '../../test/play-loop.ts';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU time (user + system) per request, in µs; NaN when unknown. */
  cpuUs: number;
}

export const CONNECTIONS = 64;
/** Each figure is measured in this many slices, interleaved with the other two (see below). */
const ROUNDS = 3;

/** One slice: an autocannon result, how long it ran (s) and the server CPU it took (ms). */
interface Slice {
  result: autocannon.Result;
  seconds: number;
  cpuMs: number;
}

/** Several slices of one request kind as one figure: rates over their whole time, p99 the worst. */
function figures(slices: Slice[]): Figures {
  const sum = (f: (s: Slice) => number) => slices.reduce((t, s) => t + f(s), 0);
  const requests = sum((s) => s.result.requests.total);
  const p50s = slices.map((s) => s.result.latency.p50).sort((a, b) => a - b);
  return {
    rps: requests / sum((s) => s.seconds),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...slices.map((s) => s.result.latency.p99)),
    requests,
    errors: sum((s) => s.result.errors + s.result.timeouts),
    non2xx: sum((s) => s.result.non2xx),
    cpuUs: (sum((s) => s.cpuMs) * 1000) / Math.max(1, requests),
  };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Per-connection setup: connection i gets player i's cookie and its own state. */
type ClientSetup = (client: autocannon.Client, index: number) => void;

function perClient(setup: ClientSetup): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => setup(client, next++);
}

interface IteratorClient {
  requestIterator: { setRequests(requests: autocannon.Request[]): void };
}

/**
 * GET /api/health, scene reads and choice submissions, each at 64 connections for `seconds` in
 * all, against one running server. The three are measured in ROUNDS interleaved slices (health,
 * reads, choices, health, ...), so a change in the machine's load (other processes on shared
 * cores) weighs on all three alike instead of on whichever ran at the time. `cpuMs` reads the
 * server's CPU time, for a figure that other processes' load moves less than requests per second.
 * Each connection is its own guest player, standing on the scene that leads to itself, so every
 * submission is a valid choice the server applies.
 */
export async function measureThroughput(
  url: string,
  players: HttpPlayer[],
  loop: Record<string, string>,
  seconds: number,
  cpuMs: () => number = () => Number.NaN,
): Promise<{ health: Figures; reads: Figures; choices: Figures }> {
  const base = { url, connections: CONNECTIONS, pipelining: 1 };
  const healthOptions = (duration: number): autocannon.Options => ({
    ...base,
    duration,
    requests: [{ method: 'GET', path: '/api/health' }],
  });
  /** Each connection sends, again and again, the request `requestOf` makes for its player. */
  const perPlayerOptions =
    (requestOf: (player: HttpPlayer) => autocannon.Request) =>
    (duration: number): autocannon.Options => ({
      ...base,
      duration,
      setupClient: perClient((client, i) => {
        const player = players[i % players.length]!;
        (client as unknown as IteratorClient).requestIterator.setRequests([requestOf(player)]);
      }),
    });
  const readsOptions = perPlayerOptions((player) => ({
    method: 'GET',
    path: `/api/play/scenes/${LOOP_SELF}`,
    headers: { cookie: player.cookie },
  }));
  const failures: string[] = [];
  const choicesOptions = perPlayerOptions((player) => ({
    method: 'POST',
    path: '/api/play/choices',
    setupRequest: (req) => ({
      ...req,
      headers: { cookie: player.cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ optionId: loop[LOOP_SELF], idempotencyKey: randomUUID() }),
    }),
    onResponse: (status, body) => {
      if (status !== 200 && failures.length < 3) failures.push(`${status} ${body.slice(0, 200)}`);
    },
  }));
  const kinds = [healthOptions, readsOptions, choicesOptions];
  // A short warm-up of each so the JIT and the database caches are not measured.
  for (const options of kinds) await run(options(2));
  failures.length = 0;
  const slices: Slice[][] = [[], [], []];
  const slice = Math.max(1, Math.round(seconds / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, options] of kinds.entries()) {
      const [cpu0, t0] = [cpuMs(), Date.now()];
      const result = await run(options(slice));
      slices[k]!.push({ result, seconds: (Date.now() - t0) / 1000, cpuMs: cpuMs() - cpu0 });
    }
  }
  for (const f of failures) console.log(`  a refused choice: ${f}`);
  const [health, reads, choices] = slices.map(figures) as [Figures, Figures, Figures];
  return { health, reads, choices };
}
