import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own under-pressure handler; one that sends nothing lets the request through. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
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

/**
 * @fastify/under-pressure: when the event loop lags or the heap nears its limit, every request
 * (GET /api/health too, so a load balancer sees it) gets 503 with Retry-After and a JSON
 * `{ error, message }` body instead of the process falling over.
 */
export async function registerPressure(
  app: FastifyInstance,
  limits: PressureLimits = {},
): Promise<void> {
  const l = { ...defaultPressureLimits(), ...limits };
  await app.register(underPressure, {
    maxEventLoopDelay: l.maxEventLoopDelay,
    maxHeapUsedBytes: l.maxHeapUsedBytes,
    sampleInterval: l.sampleInterval,
    retryAfter: l.retryAfter,
    pressureHandler(request, reply, type, value) {
      request.log.warn({ type, value }, 'under pressure: request refused with 503');
      const message = `The server is busy; try again in ${l.retryAfter} seconds`;
      // Bypass the route's response schema: this body is the same whatever route was asked for,
      // and carries the health route's fields too so /api/health stays readable. Sending
      // here ends the request before its route runs.
      void reply
        .status(503)
        .header('retry-after', String(l.retryAfter))
        .serializer(JSON.stringify)
        .type('application/json; charset=utf-8')
        .send({
          error: 'Service Unavailable',
          message,
          status: 'unavailable',
          database: app.dialect,
        });
    },
  });
}
