import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuth } from './auth/plugin.ts';
import type { Config } from './config.ts';
import { loadContent } from './content/load-content.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { syncContentCache } from './live/content-sync.ts';
import { registerErrorHandler, registerInputGuard } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPressure } from './plugins/pressure.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { registerApiRoutes } from './routes/api/index.ts';
import { seoRoutes } from './routes/seo.ts';
import { uploadRoutes } from './routes/uploads.ts';

export interface AppOptions {
  config: Config;
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Fill an empty database from content/ (default true). */
  loadContent?: boolean;
  /** Folder of the built web app (default dist/web); missing folder means API only. */
  webRoot?: string;
}

/** Builds the whole server: plugins, database, routes, web app. Call listen() on the result. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.publicUrl.startsWith('https:'),
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'seo-adventure.db'),
    }));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorateRequest('user', null);
  if (!options.database) app.addHook('onClose', () => database.close());

  await migrateToLatest(database.db, database.schema);
  if (options.loadContent !== false) {
    const loaded = await loadContent(database.db);
    if (loaded) app.log.info({ loaded }, 'demo adventure loaded into the empty database');
  }

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerPressure(app);
  await registerMetrics(app);
  await registerSecurity(app, config.publicUrl.startsWith('https:'));
  await registerOpenApi(app);
  await registerAuth(app);
  await syncContentCache(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  await app.register(uploadRoutes);
  await app.register(seoRoutes);
  await registerWeb(app, options.webRoot ?? path.resolve('dist/web'));
  return app;
}
