import type { FastifyInstance } from 'fastify';

/**
 * The API contract check (docs/api.md): every answer a test app gives on a documented route must
 * have its status in the served OpenAPI document. buildTestApp adds this hook to every app the
 * server tests build, and test/server/contract-setup.ts fails the test file when an answer was
 * not documented.
 */
type Operation = { responses?: Record<string, unknown> };
type Paths = Record<string, Record<string, Operation>>;

/** 'METHOD /path status' of each undocumented answer seen in this test file. */
export const undocumented = new Set<string>();
/** 'METHOD /path status' of every answer seen on a documented route in this test file. */
export const answered = new Set<string>();

/** The OpenAPI path of a request: its route's, `{name}` for `:name`; an auth action's own. */
function documentedPath(routeUrl: string, requestUrl: string): string {
  if (routeUrl === '/api/auth/*') return requestUrl.split('?')[0] ?? requestUrl;
  return routeUrl.replace(/:(\w+)/g, '{$1}');
}

export function watchContract(app: FastifyInstance): void {
  let paths: Paths | undefined;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (!route || !(route.startsWith('/api/') || route.startsWith('/uploads/'))) return done();
    paths ??= (app.swagger() as { paths: Paths }).paths;
    const path = documentedPath(route, request.url);
    const operation = paths[path]?.[request.method.toLowerCase()];
    // Hidden routes (the document itself) and unknown auth paths (404) are not operations.
    if (!operation) return done();
    const line = `${request.method} ${path} ${reply.statusCode}`;
    answered.add(line);
    if (!operation.responses?.[String(reply.statusCode)]) undocumented.add(line);
    done();
  });
}
