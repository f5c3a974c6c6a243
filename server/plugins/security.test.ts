import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetOptions, registerSecurity } from './security.ts';

/** A small app: a JSON route, a route with its own CSP, a failing route (and 404 for the rest). */
function routes(app: FastifyInstance): void {
  app.get('/json', async () => ({ ok: true }));
  app.get('/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  app.get('/fails', async () => {
    throw new Error('boom');
  });
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** The answer's headers without the per-answer ones (date, length). */
async function headersOf(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  const { date: _date, 'content-length': _length, ...rest } = res.headers;
  return { status: res.statusCode, headers: rest };
}

describe('security headers', () => {
  for (const secure of [false, true]) {
    it(`are exactly what @fastify/helmet sends, on answers, own-CSP routes, errors and 404s (${secure ? 'https' : 'http'})`, async () => {
      const ours = Fastify({ logger: false });
      const theirs = Fastify({ logger: false });
      apps.push(ours, theirs);
      await registerSecurity(ours, secure);
      await theirs.register(helmet, helmetOptions(secure));
      routes(ours);
      routes(theirs);
      for (const url of ['/json', '/own-csp', '/fails', '/missing']) {
        const got = await headersOf(ours, url);
        expect(got, url).toEqual(await headersOf(theirs, url));
        expect(got.headers['x-content-type-options'], url).toBe('nosniff');
        expect(Boolean(got.headers['strict-transport-security']), url).toBe(secure);
      }
      expect((await headersOf(ours, '/own-csp')).headers['content-security-policy']).toBe(
        "default-src 'none'",
      );
      expect((await headersOf(ours, '/json')).headers['content-security-policy']).toContain(
        "script-src 'self'",
      );
    });
  }
});
