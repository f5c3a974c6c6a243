import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Counter, Histogram, Registry } from 'prom-client';

/** The Prometheus metrics of one app (each app has its own registry, so tests can build many). */
interface AppMetrics {
  registry: Registry;
  /** Seconds per request, by method, route pattern and status code. */
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Responses with status 4xx or 5xx, by status class and route pattern. */
  errors: Counter<'status_class' | 'route'>;
  /** Acknowledged choices: `applied` (a new log row) or `duplicate` (a retried idempotency key). */
  choices: Counter<'result'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when METRICS_TOKEN is not set: then prom-client is never loaded. */
    metrics: AppMetrics | null;
  }
}

/** The route that submits choices; its 2xx responses are counted here (see choiceResult), so the play route only sets a header. */
const CHOICE_ROUTE = '/api/play/choices';

/** Route label for requests no route matched (the raw URL would make the label unbounded). */
const UNMATCHED = 'unmatched';

/**
 * GET /metrics in Prometheus text format (prom-client): request durations by route pattern, errors
 * by status class, choices by result, and Node's process metrics. Disabled (404) unless
 * METRICS_TOKEN is set; then it requires `Authorization: Bearer <token>` (401 otherwise).
 * Without the token prom-client is not even loaded (lean server) and `app.metrics` is null.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', null);
    return;
  }
  const { Counter, collectDefaultMetrics, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  const metrics: AppMetrics = {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'http_errors_total',
      help: 'HTTP responses with status 4xx or 5xx, by status class and route pattern',
      labelNames: ['status_class', 'route'],
      registers: [registry],
    }),
    choices: new Counter({
      name: 'seo_adventure_choices_total',
      help: 'Choices acknowledged by POST /api/play/choices: applied or duplicate (retried key)',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
  app.decorate('metrics', metrics);
  collectDefaultMetrics({ register: registry });

  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    if (status >= 400) metrics.errors.inc({ status_class: `${Math.floor(status / 100)}xx`, route });
    if (request.method === 'POST' && route === CHOICE_ROUTE && status >= 200 && status < 300) {
      metrics.choices.inc({ result: choiceResult(reply) });
    }
    done();
  });

  app.get(
    '/metrics',
    {
      schema: { hide: true },
      logLevel: 'warn',
      // Keep answering scrapes while @fastify/under-pressure refuses other requests.
      config: { pressureHandler: () => undefined },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: 'Unauthorized', message: 'A valid metrics token is required' });
      }
      const body = await registry.metrics();
      return reply.header('content-type', registry.contentType).send(body);
    },
  );
}

/** Whether an Authorization header carries the expected bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  // Hash both sides so the comparison takes the same time whatever the lengths.
  const given = createHash('sha256').update(match[1]!.trim()).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}

/**
 * A replayed idempotency key is answered with the stored response and the `Idempotent-Replayed:
 * true` header (the convention of payment APIs); every other 2xx is a newly applied choice.
 */
function choiceResult(reply: FastifyReply): 'applied' | 'duplicate' {
  return String(reply.getHeader('idempotent-replayed')) === 'true' ? 'duplicate' : 'applied';
}
