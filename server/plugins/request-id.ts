import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id in and out (docs/operations.md "Logs"). */
const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: a proxy's or a client's, short and plain (it is logged). */
const GIVEN_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Fastify's genReqId: the `X-Request-Id` a proxy or client sent when it is a plain token, else a
 * random UUID, so ids never repeat across restarts or servers (Fastify's own are `req-1`, `req-2`,
 * ... per process). Every log line of the request carries it as `reqId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Every answer says its request's id in `X-Request-Id`, so a person can quote it and we can find the log. */
export function registerRequestId(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
