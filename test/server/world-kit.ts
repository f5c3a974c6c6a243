import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/database.ts';
import type { TestEngine } from './databases.ts';
import { adminSession, signUp, type TestSession } from './sessions.ts';
import { buildTestApp } from './test-app.ts';

/** An app on a fresh database with an admin and a player session (tests of issue 6 routes). */
export interface WorldTestApp {
  app: FastifyInstance;
  admin: TestSession;
  player: TestSession;
  /** Sends a request as the admin (or `as` another cookie, or nobody with `as: null`). */
  call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    as?: TestSession | null,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Builds the app of one engine for a test file. */
export async function openWorldApp(engine: TestEngine): Promise<WorldTestApp> {
  const db: Db = await engine.open();
  const app = await buildTestApp(db);
  const admin = await adminSession(app);
  const player = await signUp(app);
  return {
    app,
    admin,
    player,
    call(method, url, payload, as) {
      const who = as === undefined ? admin : as;
      return app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        headers: who ? { cookie: who.cookie } : {},
      });
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
