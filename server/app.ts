import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuth } from './auth/plugin.ts';
import type { Config } from './config.ts';
import { loadContent } from './content/load-content.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { syncContentCache } from './live/content-sync.ts';
import { registerConnectionLimits } from './plugins/connections.ts';
import { registerErrorHandler, registerInputGuard } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi, zodSchemaController } from './plugins/openapi.ts';
import { type PressureLimits, registerPressure } from './plugins/pressure.ts';
import { registerRequestGuard } from './plugins/request-guard.ts';
import { registerRequestId, requestIdOf } from './plugins/request-id.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { registerApiRoutes } from './routes/api/index.ts';
import { seoRoutes } from './routes/seo.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { registerRollup } from './services/analytics/rollup.ts';
import { type EventDeps, eventDeps } from './services/play/event-draw.ts';

export interface AppOptions {
  config: Config;
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Fill an empty database from content/ (default true). */
  loadContent?: boolean;
  /** Folder of the built web app (default dist/web); missing folder means API only. */
  webRoot?: string;
  /** Limits of the 503 'busy' guard (default: defaultPressureLimits()). */
  pressure?: PressureLimits;
  /** The clock and guest draws of random events (default: drawn from the auth secret; tests replace them). */
  eventDeps?: EventDeps;
  /** Called with the app before anything is registered (the tests' API contract check adds its hook). */
  observe?: (app: FastifyInstance) => void;
}

/** Builds the whole server: plugins, database, routes, web app. Call listen() on the result. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // Only the proxies TRUST_PROXY names may say who the client is (default: none).
    trustProxy: trustProxyOption(config.trustProxy),
    forceCloseConnections: 'idle',
    // Unique ids, taken from X-Request-Id when a proxy sent one (plugins/request-id.ts).
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    schemaController: zodSchemaController,
    ...serverTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  options.observe?.(app);
  registerRequestId(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: config.sqliteFile,
    }));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('eventDeps', options.eventDeps ?? eventDeps(config.authSecret));
  app.decorateRequest('user', null);
  if (!options.database) app.addHook('onClose', () => database.close());

  await migrateToLatest(database.db, database.schema);
  if (options.loadContent !== false) {
    const loaded = await loadContent(database.db);
    if (loaded) app.log.info({ loaded }, 'demo adventure loaded into the empty database');
  }

  registerErrorHandler(app);
  keepWorkingRequestsOpen(app);
  registerConnectionLimits(app);
  registerRequestGuard(app);
  registerInputGuard(app);
  await registerPressure(app, options.pressure);
  await registerMetrics(app);
  await registerSecurity(app, config.publicUrl.startsWith('https:'));
  await registerOpenApi(app);
  await registerAuth(app);
  await syncContentCache(app);
  await registerRollup(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  await app.register(uploadRoutes);
  await app.register(seoRoutes);
  await registerWeb(app, options.webRoot ?? path.resolve('dist/web'));
  return app;
}

/**
 * Time limits on what a client sends, so a slow or silent client cannot hold a connection (and
 * its file descriptor) for ever: the headers within 15 s, the whole request (body included)
 * within REQUEST_TIMEOUT (408 and closed otherwise), checked every second; a connection with no
 * traffic either way for 2 minutes is closed (live streams send a heartbeat every 30 s).
 */
function serverTimeouts(config: Config) {
  const requestTimeout = config.requestTimeout * 1000;
  return {
    requestTimeout,
    connectionTimeout: 120_000,
    http: {
      headersTimeout: Math.min(15_000, requestTimeout),
      connectionsCheckingInterval: Math.min(1000, requestTimeout),
    } satisfies ServerOptions,
  };
}

/** How long the server may work on one request (a 50,000-passage dry run) without a byte sent. */
const WORK_TIMEOUT_MS = 15 * 60_000;

/**
 * The two-minute idle time-out (serverTimeouts) is for a silent client. Once a request is read,
 * the silent one is the server, working: a 50,000-passage dry run may take minutes, and cutting
 * its socket would leave the admin with no answer at all. So from the handler on, the socket
 * waits up to WORK_TIMEOUT_MS, and the idle time-out is back once the answer is sent.
 */
function keepWorkingRequestsOpen(app: FastifyInstance): void {
  // A real socket (app.inject's stand-in has no time-out to change).
  const socketOf = (request: FastifyRequest) => {
    const socket = request.raw.socket as Socket | undefined;
    return typeof socket?.setTimeout === 'function' && !socket.destroyed ? socket : undefined;
  };
  app.addHook('preHandler', (request, _reply, done) => {
    socketOf(request)?.setTimeout(WORK_TIMEOUT_MS);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    socketOf(request)?.setTimeout(app.server.timeout);
    done();
  });
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function trusting that many hops
 * from the socket (Fastify itself trusts no hop for a bare number), so with one proxy the client
 * is the address that proxy appended, never an entry the client wrote before it.
 */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
