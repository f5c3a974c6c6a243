import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import type { Content } from '../../server/content/content-files.ts';
import { loadContent } from '../../server/content/load-content.ts';
import type { Db } from '../../server/db/database.ts';
import { watchContract } from './contract.ts';

/** A test configuration: temp DATA_DIR, fixed secret, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-data-'));
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0000',
      ADMIN_EMAILS: 'admin@example.com',
      LOG_LEVEL: 'silent',
    }),
    ...overrides,
  };
}

/** Builds the app on an open test database, optionally filled with the given content. */
export async function buildTestApp(
  database: Db,
  options: {
    config?: Partial<Config>;
    content?: Content;
    webRoot?: string;
    eventDeps?: AppOptions['eventDeps'];
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    logger: false,
    loadContent: false,
    webRoot: options.webRoot ?? path.join(tmpdir(), 'seo-adv-no-web'),
    // A test file shares 2 busy cores with every other; a lagging loop there is the machine,
    // not this app. The lag guard has its own tests (server/ops/pressure.test.ts).
    pressure: { maxEventLoopDelay: 0 },
    eventDeps: options.eventDeps,
    observe: watchContract,
  });
  if (options.content) await loadContent(database.db, options.content);
  return app;
}
