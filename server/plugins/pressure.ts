import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { backgroundHeldMs, noteRequestDelay, trackRequests } from './activity.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own under-pressure handler; one that sends nothing lets the request through. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
  interface FastifyInstance {
    /** True while the last sample was over a limit (requests then get 503). */
    isUnderPressure(): boolean;
  }
}

/** Limits past which the server answers 503 instead of taking more work (0 turns a check off). */
export interface PressureLimits {
  /** Event-loop delay in ms (default 1000: every request would wait a second before starting). */
  maxEventLoopDelay?: number;
  /** Heap in bytes (default 90 % of V8's heap limit, before the process would die of it). */
  maxHeapUsedBytes?: number;
  /** Seconds a refused client is told to wait (Retry-After, default 10). */
  retryAfter?: number;
  /** How often the process is sampled, in ms (default 1000). */
  sampleInterval?: number;
}

/** The limits used when none are given. */
export function defaultPressureLimits(): Required<PressureLimits> {
  return {
    maxEventLoopDelay: 1000,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    retryAfter: 10,
    sampleInterval: 1000,
  };
}

/** Sends the 503 'busy' answer: the same JSON whatever route was asked, with the health fields. */
export function sendBusy(
  app: FastifyInstance,
  reply: FastifyReply,
  retryAfter: number,
  message = `The server is busy; try again in ${retryAfter} seconds`,
): FastifyReply {
  // Bypass the route's response schema: this body is the same whatever route was asked for, and
  // carries the health route's fields too so /api/health stays readable.
  return reply
    .status(503)
    .header('retry-after', String(retryAfter))
    .serializer(JSON.stringify)
    .type('application/json; charset=utf-8')
    .send({
      error: 'Service Unavailable',
      message,
      status: 'unavailable',
      database: app.dialect,
    });
}

/**
 * The event-loop delay requests saw over one sample: the histogram's lag with the time background
 * work held the loop (`heldMs`, its synchronous slices: ./activity.ts) taken out, as if the loop
 * had been free then. A block may be sampled in the interval after the one it was reported in, so
 * what was not matched by lag is carried to the next sample (`unused`). No sample at all (NaN)
 * means the loop was blocked for the whole interval: overload, unless background work held it.
 */
export function requestDelay(
  histogram: { count: number; mean: number },
  heldMs: number,
  resolution: number,
  intervalMs: number,
): { delay: number; unused: number } {
  if (histogram.count === 0 || Number.isNaN(histogram.mean)) {
    if (heldMs >= intervalMs * 0.9) return { delay: 0, unused: Math.max(0, heldMs - intervalMs) };
    return { delay: Number.POSITIVE_INFINITY, unused: heldMs };
  }
  // The histogram's mean includes its own sampling resolution; what is left is real lag.
  const lag = histogram.count * Math.max(0, histogram.mean / 1e6 - resolution);
  const used = Math.min(heldMs, lag);
  return {
    delay: (lag - used) / (histogram.count + used / resolution),
    unused: Math.min(heldMs - used, intervalMs * 2),
  };
}

/** Where the web build's files are served (server/plugins/web.ts). */
const ASSETS_PREFIX = '/assets/';

/**
 * When the event loop lags for requests (background work's own slices left out: requestDelay) or
 * the heap nears its limit, every request (GET /api/health too, so a load balancer sees it) gets 503 with Retry-After and a JSON `{ error, message }` body instead of
 * the process falling over. Sampling reads only in-process counters (the event-loop histogram and
 * V8's heap statistics), never a file: @fastify/under-pressure read /proc for the RSS and, with
 * file descriptors exhausted, its timer threw EMFILE and ended the process.
 */
export async function registerPressure(
  app: FastifyInstance,
  limits: PressureLimits = {},
): Promise<void> {
  const l = { ...defaultPressureLimits(), ...limits };
  const resolution = 10;
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  let pressure: { type: string; value: number } | null = null;
  trackRequests(app);
  let sampledAt = performance.now();
  let heldBefore = backgroundHeldMs();
  let carried = 0;

  const sample = () => {
    try {
      const now = performance.now();
      const held = backgroundHeldMs() - heldBefore;
      heldBefore += held;
      const measured = requestDelay(histogram, carried + held, resolution, now - sampledAt);
      const delayValue = measured.delay;
      carried = measured.unused;
      sampledAt = now;
      noteRequestDelay(delayValue);
      histogram.reset();
      const heap = getHeapStatistics().used_heap_size;
      if (l.maxEventLoopDelay > 0 && delayValue > l.maxEventLoopDelay) {
        pressure = { type: 'eventLoopDelay', value: Math.round(delayValue) };
      } else if (l.maxHeapUsedBytes > 0 && heap > l.maxHeapUsedBytes) {
        pressure = { type: 'heapUsedBytes', value: heap };
      } else {
        pressure = null;
      }
    } catch (err) {
      // A sampler must never end the process; keep the last state.
      app.log.warn({ err }, 'pressure sample failed');
    }
  };
  const timer = setTimeout(function tick() {
    sample();
    timer.refresh();
  }, l.sampleInterval);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    histogram.disable();
  });

  app.decorate('isUnderPressure', () => pressure !== null);
  app.addHook('onRequest', (request, reply, done) => {
    if (pressure === null) return done();
    // The built scripts and styles (hashed files, sent precompressed from disk) cost the loop
    // next to nothing, and a page whose HTML came but whose script is refused is broken: the
    // story map's layout worker, fetched right after the map's large answer, was refused so.
    if (request.method === 'GET' && request.url.startsWith(ASSETS_PREFIX)) return done();
    const own = request.routeOptions.config?.pressureHandler;
    if (own) {
      own(request, reply);
      if (!reply.sent) done();
      return;
    }
    request.log.warn(pressure, 'under pressure: request refused with 503');
    sendBusy(app, reply, l.retryAfter);
  });
}
