import { setTimeout as sleep } from 'node:timers/promises';
import {
  noteBackgroundHeld,
  requestDelayMs,
  requestsInFlight,
  requestsSettled,
  requestsWithin,
} from '../../plugins/activity.ts';

/*
 * The pace of background work in slices (the analytics' catch-up and retention: docs/analytics.md;
 * docs/operations.md "Background work"). A player never waits behind it for long:
 * - while requests are being worked on, the next slice waits for them (at most SETTLE_MS, so work
 *   still moves on a server that is never idle), and after a slice it rests (restAfter) at least
 *   as long as the slice took (SQLite, so it has the event loop at most half the time; half that
 *   on PostgreSQL, whose slices run in the database) and long enough to count no more than
 *   BUSY_ROWS_PER_S;
 * - while players are about (a request within PLAYERS_ABOUT_MS) a slice is sized to take about
 *   BUSY_MS; when nobody is, bigger and cheaper slices of about IDLE_MS run back to back;
 * - when the overload guard measured a delay for requests past BACKOFF_DELAY_MS, it pauses first;
 * - a SQLite slice's statements are synchronous: its time is reported as the background's own
 *   (server/plugins/activity.ts), which the guard leaves out of its measure.
 */

type Dialect = 'sqlite' | 'postgres';

/** Milliseconds one slice should take while players are about, and while nobody is. */
const BUSY_MS = { sqlite: 5, postgres: 50 };
const IDLE_MS = { sqlite: 60, postgres: 250 };
/**
 * The least rest after a slice while players are about, as a share of the slice's time: a SQLite
 * slice held the event loop; a PostgreSQL slice only shared the machine's cores with the requests.
 */
const REST_SHARE = { sqlite: 1, postgres: 0.5 };
/**
 * The fastest pace while players are about, in rows a second: the rest after a slice is
 * stretched so that the slices count no more. A backlog's count takes the machine's cores from
 * the players' requests (on a 2-core machine most of the choices' tail was the server's thread
 * waiting for a core, not the slices' own time: docs/analytics.md), and it has time to spare:
 * 5 minutes a million is 3,300 rows a second, where SQLite counted 12,000-17,000 with a rest as
 * long as the slice. About twice the most choices a second one core makes, so the 5-second
 * catch-ups of live play keep up.
 */
export const BUSY_ROWS_PER_S = 6000;
/**
 * Rows of the first slice (nobody about), and the bounds the pace keeps to. SQLite's floor is low so that a slow
 * or crowded machine still gets slices of ~BUSY_MS (a slice costs ~24 us a row on a quiet 2-core
 * machine, 5-10x that on a crowded one: 200 rows then held the loop ~50 ms, a choice's whole
 * quiet p99); the time per row grows little below it (~4 ms of fixed cost a slice).
 */
const FIRST_ROWS = { sqlite: 500, postgres: 2000 };
const MIN_ROWS = { sqlite: 50, postgres: 500 };
const MAX_ROWS = { sqlite: 20_000, postgres: 10_000 };
/**
 * The most the pace slows from one slice to the next (a share of it). SQLite at once: a slow
 * slice held the event loop and the next would too. PostgreSQL by half at most, as before: a
 * slice's time there is the database's wall time, which one busy moment of the machine stretches.
 */
const SLOWEST_STEP = { sqlite: 0, postgres: 0.5 };
/** A request this recent means players are about. */
const PLAYERS_ABOUT_MS = 1000;
/**
 * Longest a slice waits for the requests in flight to be answered: a burst ends in a few ms; a
 * server that always has one in flight still gets its slices, each short and followed by a rest.
 */
const SETTLE_MS = 20;
/** The guard's measure of request delay past which background work pauses, and for how long. */
const BACKOFF_DELAY_MS = 50;
const BACKOFF_PAUSE_MS = 500;

/** Runs one kind of background work in slices at a pace that follows the requests. */
export interface Pacer {
  /**
   * Runs `slice` (given the rows to do, and where to report a synchronous slice's time) until it
   * does fewer than asked or `stop()`; `after` hears each slice's count and the rows asked.
   */
  run(
    slice: (rows: number, held: (ms: number) => void) => Promise<number>,
    stop: () => boolean,
    after: (n: number, asked: number) => Promise<void>,
  ): Promise<void>;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Milliseconds to rest after a slice of `n` rows that took `took` ms, `since` ms after its turn
 * began (its wait for requests included); 0: the next slice on the next turn of the event loop.
 * Nobody about: none. Players about: at least REST_SHARE of the slice's time, and long enough
 * that the turn's rows take 1/BUSY_ROWS_PER_S s each.
 */
export function restAfter(
  dialect: Dialect,
  busy: boolean,
  slice: { n: number; took: number; since: number },
): number {
  if (!busy) return 0;
  const share = slice.took * REST_SHARE[dialect];
  const pace = (slice.n / BUSY_ROWS_PER_S) * 1000 - slice.since;
  return Math.max(1, Math.round(Math.max(share, pace)));
}

/** A pacer for one engine: SQLite's work holds the event loop, PostgreSQL's is the database's. */
export function pacer(dialect: Dialect): Pacer {
  // Rows a millisecond of slice counts, as the last full slice measured: each slice is sized for
  // the budget of the moment (players about or not) from it, so the first slice after players
  // arrive is already a short one, not the last idle slice's size halved.
  let perMs = FIRST_ROWS[dialect] / IDLE_MS[dialect];
  const rowsFor = (budget: number) =>
    Math.round(clamp(perMs * budget, MIN_ROWS[dialect], MAX_ROWS[dialect]));
  return {
    async run(slice, stop, after) {
      while (!stop()) {
        const turn = performance.now();
        const busy = requestsInFlight() > 0 || requestsWithin(PLAYERS_ABOUT_MS);
        if (busy) await requestsSettled(SETTLE_MS);
        if (requestDelayMs() > BACKOFF_DELAY_MS) await sleep(BACKOFF_PAUSE_MS);
        const budget = busy ? BUSY_MS[dialect] : IDLE_MS[dialect];
        const asked = rowsFor(budget);
        let held = 0;
        const started = performance.now();
        const n = await slice(asked, (ms) => {
          held = ms;
          noteBackgroundHeld(ms);
        });
        // SQLite: the time the slice held the loop; PostgreSQL: the database's time.
        const took = held || performance.now() - started;
        // A full slice tells the time per row; a short one (the log's end) mostly fixed costs.
        // The pace at most doubles from one slice to the next, and slows by SLOWEST_STEP at most.
        if (n === asked)
          perMs = clamp(n / Math.max(took, 0.5), perMs * SLOWEST_STEP[dialect], perMs * 2);
        await after(n, asked);
        if (n < asked) break;
        const rest = restAfter(dialect, busy, { n, took, since: performance.now() - turn });
        if (rest > 0) await sleep(rest);
        else await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}
