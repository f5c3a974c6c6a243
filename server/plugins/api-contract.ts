import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * What every route's OpenAPI entry promises beyond its success answer (docs/api.md): its
 * operationId, its security requirement and every error status it can answer. Most errors come
 * from the server's shared guards and are added here for each route they apply to; a route adds
 * its own with `errors(404, 409, ...)` in its response schema.
 */

/** Every error answer: `{ error, message }`, sometimes a `code` (e.g. 'rate_limited'). */
export const errorSchema = z.looseObject({
  error: z.string().describe('The HTTP status text, e.g. "Bad Request"'),
  message: z.string().describe('What went wrong, in words to show the person'),
  code: z.string().optional().describe('A machine-readable reason, when there is one'),
});

/** What each error status means on this API (the OpenAPI description of the answer). */
export const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is invalid: a field (named in the message), malformed JSON or multipart, NUL characters or nesting deeper than 32 levels',
  401: 'No session: sign in (or start a guest game) first',
  403: 'Not allowed: the session lacks the role, or the request came from another site (Origin)',
  404: 'Not found',
  409: 'Conflict with the current state (the message says which)',
  410: 'Gone: the time to undo it (30 days) has passed',
  413: 'The body is too large',
  415: 'The body is not JSON (multipart only where the route consumes it)',
  422: 'Refused by a rule of the story (the message says which)',
  429: 'Too many requests: wait the seconds of Retry-After',
  500: 'An unexpected failure; nothing of the request was applied',
  503: 'The server is busy (too many connections or requests at once): retry after Retry-After',
};

/** Error answers for a route's response schema: `response: { 200: ok, ...errors(404, 409) }`. */
export function errors(...statuses: number[]): Record<number, typeof errorSchema> {
  const out: Record<number, typeof errorSchema> = {};
  for (const status of statuses) {
    out[status] = errorSchema.describe(ERROR_MEANINGS[status] ?? 'Error');
  }
  return out;
}

/** The session security requirement (the cookie Better Auth sets). */
const SESSION_SECURITY = [{ session: [] }];

/** Path prefixes whose routes need a session (a guest's counts). */
const SESSION_PREFIXES = ['/api/play/game', '/api/play/choices', '/api/play/scenes'];

/** 'GET /api/admin/scenes/:id' → 'getAdminScenesById' (unique per method and path). */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel || 'Root'}`;
}

type RouteSchema = NonNullable<RouteOptions['schema']> & {
  operationId?: string;
  security?: unknown[];
  description?: string;
  consumes?: string[];
  hide?: boolean;
};

/**
 * Fills in a route's contract as it is added (an onRoute hook of the whole app, registerOpenApi):
 * the statuses the shared guards answer for it (request-guard.ts, errors.ts, connections.ts,
 * pressure.ts, the admin guard, the body limit, the rate limits), its operationId and security.
 */
export function documentRoute(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as RouteSchema;
  if (schema.hide) return;
  const url = route.url;
  if (!url.startsWith('/api/') && !url.startsWith('/uploads/')) return;
  route.schema = schema;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
  schema.operationId ??= operationIdOf(method, url);
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
  const admin = url.startsWith('/api/admin/');
  const session =
    admin ||
    (schema.security !== undefined && schema.security.length > 0) ||
    SESSION_PREFIXES.some((p) => url.startsWith(p));
  const statuses = new Set([400, 500, 503]);
  if (url.includes('/:')) statuses.add(404);
  if (writes && url.startsWith('/api/')) {
    // Cross-site writes (403), bodies other than JSON (415), bodies over the limit (413).
    for (const s of [403, 413, 415]) statuses.add(s);
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  if (url.startsWith('/api/play/')) {
    // The play-test header (x-playtest-id): admins only (403), an unknown test game (404).
    statuses.add(403);
    statuses.add(404);
  }
  if (session) {
    schema.security ??= SESSION_SECURITY;
    statuses.add(401);
  } else {
    // Said outright, so a client (and a linter) knows it needs no session.
    schema.security ??= [];
  }
  if (admin) {
    statuses.add(403);
    // Unknown ids and unknown admin paths answer 404 behind the same guard.
    statuses.add(404);
    const note =
      'Requires a session whose user has the admin role (401 without a session, 403 for a player or guest).';
    schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
  }
  const response = (schema.response ?? {}) as Record<string | number, unknown>;
  for (const [status, body] of Object.entries(errors(...statuses))) {
    if (!(status in response)) response[status] = body;
  }
  schema.response = response;
}
