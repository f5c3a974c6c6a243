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
}

export const CONNECTIONS = 64;

/** Turns an autocannon result into the figures the bench prints. */
function figures(r: autocannon.Result): Figures {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
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
 * GET /api/health, then scene reads, then choice submissions, each at 64 connections for
 * `seconds`, against one running server. Each connection is its own guest player, standing on the
 * scene that leads to itself, so every submission is a valid choice the server applies.
 */
export async function measureThroughput(
  url: string,
  players: HttpPlayer[],
  loop: Record<string, string>,
  seconds: number,
): Promise<{ health: Figures; reads: Figures; choices: Figures }> {
  const base = { url, connections: CONNECTIONS, pipelining: 1 };
  // A short warm-up so the JIT and the database caches are not measured.
  await run({ ...base, duration: 2, requests: [{ method: 'GET', path: '/api/health' }] });
  const health = figures(
    await run({ ...base, duration: seconds, requests: [{ method: 'GET', path: '/api/health' }] }),
  );

  const readsOptions = (duration: number): autocannon.Options => ({
    ...base,
    duration,
    setupClient: perClient((client, i) => {
      const player = players[i % players.length]!;
      (client as unknown as IteratorClient).requestIterator.setRequests([
        {
          method: 'GET',
          path: `/api/play/scenes/${LOOP_SELF}`,
          headers: { cookie: player.cookie },
        },
      ]);
    }),
  });
  await run(readsOptions(2));
  const reads = figures(await run(readsOptions(seconds)));

  const failures: string[] = [];
  const choicesOptions = (duration: number): autocannon.Options => ({
    ...base,
    duration,
    setupClient: perClient((client, i) => {
      const player = players[i % players.length]!;
      (client as unknown as IteratorClient).requestIterator.setRequests([
        {
          method: 'POST',
          path: '/api/play/choices',
          setupRequest: (req) => {
            return {
              ...req,
              headers: {
                cookie: player.cookie,
                origin: url,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                optionId: loop[LOOP_SELF],
                idempotencyKey: randomUUID(),
              }),
            };
          },
          onResponse: (status, body) => {
            if (status !== 200 && failures.length < 3)
              failures.push(`${status} ${body.slice(0, 200)}`);
          },
        },
      ]);
    }),
  });
  await run(choicesOptions(2));
  failures.length = 0;
  const choices = figures(await run(choicesOptions(seconds)));
  for (const f of failures) console.log(`  a refused choice: ${f}`);
  return { health, reads, choices };
}
