import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ClassInfo, ClassPage } from '../../core/api/classes.ts';
import { readContent } from '../../server/content/content-files.ts';
import type { Db } from '../../server/db/database.ts';
import type { TestEngine } from './databases.ts';
import { cookieFrom, signUp } from './sessions.ts';
import { buildTestApp } from './test-app.ts';

/** Test helpers for class mode: a teacher's class, students joining, the class page. */
export function classKit(app: FastifyInstance) {
  const origin = app.config.publicUrl;
  const headers = (cookie?: string) => ({ origin, ...(cookie ? { cookie } : {}) });
  return {
    async create(cookie: string, name = 'Year 10 SEO'): Promise<ClassInfo> {
      const res = await app.inject({
        method: 'POST',
        url: '/api/teach/classes',
        headers: headers(cookie),
        payload: { name },
      });
      if (res.statusCode !== 201) throw new Error(`create class: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    /** Joins as `name`; a cookie joins as that session, none makes a guest (its cookie returned). */
    async join(
      code: string,
      name: string,
      cookie?: string,
      remoteAddress = '10.99.0.1',
      extra: { replaceGame?: boolean } = {},
    ) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/join/${code}`,
        remoteAddress,
        headers: headers(cookie),
        payload: { name, ...extra },
      });
      const made = cookieFrom(res.headers['set-cookie']);
      return { res, cookie: made || cookie || '' };
    },
    /** GET /api/join/:code as the join page asks it. */
    lookup(code: string, cookie?: string, remoteAddress = '10.99.0.1') {
      return app.inject({
        method: 'GET',
        url: `/api/join/${code}`,
        remoteAddress,
        headers: headers(cookie),
      });
    },
    page(classId: string, cookie?: string) {
      return app.inject({
        method: 'GET',
        url: `/api/teach/classes/${classId}`,
        headers: headers(cookie),
      });
    },
    async pageOf(classId: string, cookie: string): Promise<ClassPage> {
      const res = await this.page(classId, cookie);
      if (res.statusCode !== 200) throw new Error(`class page: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    send(
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      cookie?: string,
      payload?: object,
    ) {
      return app.inject({ method, url, headers: headers(cookie), ...(payload ? { payload } : {}) });
    },
  };
}

/**
 * A class test's app on one engine, made before the file's tests and closed after them: the demo
 * content loaded, a signed-up teacher (`teacher`: their cookie) and the kit.
 */
export function classTestApp(engine: TestEngine) {
  const t = {} as {
    db: Db;
    app: FastifyInstance;
    kit: ReturnType<typeof classKit>;
    teacher: string;
  };
  beforeAll(async () => {
    t.db = await engine.open();
    t.app = await buildTestApp(t.db, { content: await readContent() });
    t.kit = classKit(t.app);
    t.teacher = (await signUp(t.app, { name: 'Teacher' })).cookie;
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.close();
  });
  return t;
}
