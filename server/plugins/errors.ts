import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { HttpError } from '../errors.ts';

/** One error handler: every failure is JSON `{ error, message }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send({ error: 'Bad Request', message });
    }
    if (!err.statusCode && MULTIPART_ERROR.test(err.message) && request.isMultipart?.()) {
      request.log.info({ message: err.message }, 'malformed multipart body refused');
      return reply.status(400).send({ error: 'Bad Request', message: MULTIPART_MESSAGE });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, message: err.message }, 'request refused');
    const message =
      status >= 500 && !(err instanceof HttpError) ? 'Internal Server Error' : err.message;
    // A 500's code is the driver's (e.g. a PostgreSQL SQLSTATE): internal detail, not for clients.
    const code = status >= 500 && !(err instanceof HttpError) ? undefined : err.code;
    return reply.status(status).send({
      error: STATUS_CODES[status] ?? 'Error',
      message,
      ...(code ? { code } : {}),
    });
  });
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';
const DEPTH_MESSAGE = 'The request body is nested too deeply';
export const MULTIPART_MESSAGE = 'The upload could not be read; choose the file and send it again';

/** How deep a request body may nest objects and arrays (the deepest real body has 4 levels). */
const MAX_BODY_DEPTH = 32;

/**
 * What is wrong with a parsed query or body: 'nul' when a string holds a NUL character, 'deep' when
 * objects and arrays nest deeper than MAX_BODY_DEPTH; undefined when neither. Walks with its own
 * stack, so a hostile nesting cannot overflow the call stack here.
 */
function inputProblem(value: unknown): 'nul' | 'deep' | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return 'deep';
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL (SQLSTATE 22021) and no field of this product needs one, so any
 * request carrying one is refused with 400 before a route sees it — on both engines alike. A body
 * nested deeper than any real one is refused too, before validation or a JSON.stringify could
 * recurse through it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.query, request.params, request.body]) {
      const problem = inputProblem(part);
      if (problem === 'nul') return done(new HttpError(400, NUL_MESSAGE));
      if (problem === 'deep') return done(new HttpError(400, DEPTH_MESSAGE));
    }
    done();
  });
}

/** Busboy's errors for a multipart body it cannot read (they carry no status of their own). */
const MULTIPART_ERROR =
  /^(Multipart: |Malformed |Unexpected end of |Unsupported content type|Part terminated early)/;
