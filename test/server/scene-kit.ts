import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/database.ts';
import type { TestEngine } from './databases.ts';
import { adminSession, signUp, type TestSession } from './sessions.ts';
import { buildTestApp } from './test-app.ts';

/** An app on a fresh database with an admin and a player signed in (scene, world and site route tests). */
export interface SceneKit {
  app: FastifyInstance;
  db: Db;
  admin: TestSession;
  player: TestSession;
  /** Injects as the admin (or as `as`; null for no session) with a JSON body. */
  call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    as?: TestSession | null,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Opens a database on `engine`, builds the app and signs in an admin and a player. */
export async function openSceneKit(
  engine: TestEngine,
  config: Parameters<typeof buildTestApp>[1] = {},
): Promise<SceneKit> {
  const db = await engine.open();
  const app = await buildTestApp(db, config);
  const admin = await adminSession(app);
  const player = await signUp(app);
  return {
    app,
    db,
    admin,
    player,
    call(method, url, payload, as) {
      const who = as === undefined ? admin : as;
      return app.inject({
        method,
        url,
        headers: who ? { cookie: who.cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** The body of a minimal valid new scene. */
export function newScene(id: string, extra: Record<string, unknown> = {}) {
  return { id, title: `Scene ${id}`, description: `About ${id}`, ...extra };
}
