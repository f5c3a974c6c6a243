import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * What background work needs to stay out of the players' way (docs/operations.md "Background
 * work"): how many requests this process is working on, when the last one arrived, and how long
 * background work itself held the event loop, which the overload guard (./pressure.ts) leaves out
 * of its measure. One event loop per process, so the figures are the process's (every app of it).
 */

let inFlight = 0;
let lastArrival = 0;
/** Milliseconds background work has held the event loop since the process started. */
let heldMs = 0;
const settledWaiters = new Set<() => void>();

const done = new WeakSet<FastifyRequest>();

/** Counts each request from its arrival until its answer starts (a live stream counts no longer). */
export function trackRequests(app: FastifyInstance): void {
  const finish = (request: FastifyRequest) => {
    if (done.has(request)) return;
    done.add(request);
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) {
      for (const wake of settledWaiters) wake();
      settledWaiters.clear();
    }
  };
  // Callback hooks: no promise per request on the play path.
  app.addHook('onRequest', (_request, _reply, next) => {
    inFlight++;
    lastArrival = performance.now();
    next();
  });
  app.addHook('onSend', (request, _reply, payload, next) => {
    finish(request);
    next(null, payload);
  });
  app.addHook('onResponse', (request, _reply, next) => {
    finish(request);
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    finish(request);
    next();
  });
}

/** Requests being worked on now, in this process. */
export const requestsInFlight = (): number => inFlight;

/** Whether a request arrived within the last `ms` milliseconds (players are about). */
export const requestsWithin = (ms: number): boolean => performance.now() - lastArrival < ms;

/**
 * Waits until at most `others` requests are in flight, or `maxMs` has passed (background work
 * still moves on a server that is never idle). Answers whether the requests settled.
 */
export async function requestsSettled(maxMs: number, others = 0): Promise<boolean> {
  if (inFlight <= others) return true;
  if (others > 0) {
    // Only the last request's end wakes the waiters; with others allowed, look again each turn.
    const until = performance.now() + maxMs;
    while (inFlight > others && performance.now() < until) await sleep(2);
    return inFlight <= others;
  }
  let wake: () => void = () => {};
  const settled = new Promise<boolean>((resolve) => {
    wake = () => resolve(true);
    settledWaiters.add(wake);
  });
  const timer = sleep(maxMs, false);
  const answer = await Promise.race([settled, timer]);
  settledWaiters.delete(wake);
  return answer;
}

/** Background work held the event loop for `ms` (a synchronous slice): not the requests' load. */
export function noteBackgroundHeld(ms: number): void {
  heldMs += Math.max(0, ms);
}

/** The background's held time so far; the guard takes differences between its samples. */
export const backgroundHeldMs = (): number => heldMs;

let lastDelayMs = 0;
/** The overload guard's last measure of the requests' event-loop delay (./pressure.ts). */
export function noteRequestDelay(ms: number): void {
  lastDelayMs = ms;
}
/** The requests' event-loop delay at the guard's last sample: background work backs off on it. */
export const requestDelayMs = (): number => lastDelayMs;
