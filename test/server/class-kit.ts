import type { FastifyInstance } from 'fastify';
import type { ClassInfo, ClassPage } from '../../core/api/classes.ts';
import { cookieFrom } from './sessions.ts';

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
