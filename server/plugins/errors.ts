import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a service raises on purpose: its message is shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One error handler: every failure is JSON `{ error, message }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send({ error: 'Bad Request', message });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, message: err.message }, 'request refused');
    const message =
      status >= 500 && !(err instanceof HttpError) ? 'Internal Server Error' : err.message;
    return reply.status(status).send({
      error: STATUS_CODES[status] ?? 'Error',
      message,
      ...(err.code ? { code: err.code } : {}),
    });
  });
}
