import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT } from '../../test/process-group.ts';
import { testEngines } from '../../test/server/databases.ts';
import {
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestFor,
} from '../../test/server/openapi-fuzz.ts';
import { adminSession, guestSession, nextAddress } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { readContent } from '../content/content-files.ts';
import type { Db } from '../db/database.ts';

/** Streams never end, so inject() would wait forever: tested by their own feature's tests. */
const STREAMING = new Set(['GET /api/live']);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const AUTH_SECRET = 'fuzz-auth-secret-9c41f0e2d7b35a68-do-not-leak';

interface Failure {
  role: string;
  request: FuzzRequest;
  status: number;
  body: string;
}

// Thousands of requests: seconds alone, and the time-out of a busy machine (test/process-group.ts).
describe.each(testEngines)(
  'fuzzing every OpenAPI route on $name',
  { timeout: PROCESS_TEST_TIMEOUT },
  (engine) => {
    let db: Db;
    let app: FastifyInstance;
    let operations: Operation[];
    let known: string[];
    const roles: { name: string; cookie?: string }[] = [{ name: 'anonymous' }];

    beforeAll(async () => {
      db = await engine.open();
      app = await buildTestApp(db, {
        content: await readContent(),
        config: { authSecret: AUTH_SECRET },
      });
      roles.push({ name: 'guest', cookie: (await guestSession(app)).cookie });
      roles.push({ name: 'admin', cookie: (await adminSession(app)).cookie });
      const doc = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      // Better Auth's routes are in the document too; sign-out would end the roles' sessions
      // (server/auth tests cover them).
      operations = operationsOf(doc.json()).filter(
        (op) => !STREAMING.has(`${op.method} ${op.path}`) && !op.path.startsWith('/api/auth/'),
      );
      // Real ids let requests past 'not found' into the code behind it.
      const scenes = await db.db.selectFrom('scenarios').select('id').limit(5).execute();
      const options = await db.db.selectFrom('scenario_choices').select('id').limit(5).execute();
      known = [...scenes.map((r) => r.id), ...options.map((r) => r.id), 'about', 'home'];
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    it('finds the routes to fuzz', () => {
      expect(operations.length).toBeGreaterThan(5);
      expect(operations.some((o) => o.method === 'POST' && o.body)).toBe(true);
    });

    it(`answers ${RUNS} hostile requests per route and role without a 500, every error as JSON with a message (seed ${SEED})`, async () => {
      const failures: Failure[] = [];
      let sent = 0;
      for (const op of operations) {
        for (const role of roles) {
          await fc.assert(
            fc.asyncProperty(requestFor(op, known), async (req) => {
              sent++;
              const res = await app.inject({
                method: req.method as 'GET',
                url: req.url,
                headers: {
                  origin: app.config.publicUrl,
                  ...(role.cookie ? { cookie: role.cookie } : {}),
                  ...(req.payload === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(req.payload === undefined ? {} : { payload: req.payload }),
              });
              const problem = checkResponse(res.statusCode, res.headers['content-type'], res.body);
              if (problem) {
                failures.push({
                  role: role.name,
                  request: req,
                  status: res.statusCode,
                  body: problem,
                });
              }
              return true;
            }),
            { numRuns: RUNS, seed: SEED },
          );
        }
      }
      const report = failures
        .slice(0, 20)
        .map(
          (f) =>
            `${f.role} ${f.request.method} ${f.request.url.slice(0, 200)} body=${(f.request.payload ?? '').slice(0, 200)} -> ${f.status} ${f.body}`,
        );
      expect(report, `${failures.length} bad responses of ${sent} (seed ${SEED})`).toEqual([]);
      expect(sent).toBe(operations.length * roles.length * RUNS);
    });

    const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
    /** Better Auth's routes are not in the document; the ones the product uses take bodies too. */
    const AUTH_POSTS = ['sign-in/email', 'sign-up/email', 'sign-in/anonymous', 'sign-out'];
    /** A URL for an operation with a real id in every path parameter. */
    const urlOf = (op: Operation) =>
      op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(known[0]!));
    const admin = () => roles.find((r) => r.name === 'admin')!.cookie!;
    /**
     * One request from a fresh address (the hostile run above used up 127.0.0.1's limits). While the
     * server says it is busy (the hostile run can lag the event loop past a second on a loaded
     * machine), it is asked again once the next sample clears, as the web app does.
     */
    const send = async (
      method: string,
      url: string,
      headers: Record<string, string>,
      payload?: string,
    ) => {
      for (let attempt = 0; ; attempt++) {
        const res = await app.inject({
          method: method as 'POST',
          url,
          remoteAddress: nextAddress(),
          headers: { cookie: admin(), ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
        if (res.statusCode !== 503 || !app.isUnderPressure() || attempt >= 50) return res;
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    it('answers 400 to deeply nested JSON on every route that takes a body, auth included', async () => {
      const nested = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const targets = [
        ...operations
          .filter((op) => STATE_CHANGING.has(op.method) && op.body)
          .map((op) => ({ method: op.method, url: urlOf(op) })),
        ...AUTH_POSTS.map((a) => ({ method: 'POST', url: `/api/auth/${a}` })),
      ];
      expect(targets.length).toBeGreaterThan(10);
      const wrong: string[] = [];
      for (const t of targets) {
        const res = await send(
          t.method,
          t.url,
          { origin: app.config.publicUrl, 'content-type': 'application/json' },
          nested,
        );
        if (res.statusCode !== 400)
          wrong.push(`${t.method} ${t.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('answers 400 to broken multipart on every upload route, 415 on the JSON ones', async () => {
      const broken =
        '--b17\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\ncut off';
      const uploads = operations.filter((op) => op.multipart);
      expect(uploads.map((op) => op.path).sort()).toEqual([
        '/api/admin/uploads',
        '/api/consultants/photo',
      ]);
      const wrong: string[] = [];
      for (const op of operations.filter(
        (o) => STATE_CHANGING.has(o.method) && (o.body || o.multipart),
      )) {
        for (const type of ['multipart/form-data; boundary=b17', 'multipart/form-data']) {
          const res = await send(
            op.method,
            urlOf(op),
            { origin: app.config.publicUrl, 'content-type': type },
            broken,
          );
          const expected = op.multipart ? 400 : 415;
          if (res.statusCode !== expected)
            wrong.push(
              `${op.method} ${op.path} ${type} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          else expect(res.json().message).toEqual(expect.any(String));
        }
      }
      expect(wrong).toEqual([]);
    });

    it('refuses every state-changing route to a page on another origin (403), whatever the body type', async () => {
      const wrong: string[] = [];
      const ops = operations.filter((op) => STATE_CHANGING.has(op.method));
      for (const op of ops) {
        for (const type of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json',
        ]) {
          const res = await send(
            op.method,
            urlOf(op),
            { origin: 'http://evil.example', 'content-type': type },
            '{}',
          );
          if (res.statusCode !== 403)
            wrong.push(`${op.method} ${op.path} ${type} -> ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    /** Why a response is wrong, or undefined when it is fine. */
    function checkResponse(status: number, type: string | string[] | undefined, body: string) {
      if (body.includes(AUTH_SECRET)) return 'body contains AUTH_SECRET';
      // 503 is under-pressure's deliberate answer; any other 5xx is a server fault.
      if (status >= 500 && status !== 503) return `${status}: ${body.slice(0, 300)}`;
      if (status < 400) return undefined;
      if (!String(type).startsWith('application/json'))
        return `error not JSON (${type}): ${body.slice(0, 200)}`;
      try {
        const parsed = JSON.parse(body) as { message?: unknown };
        if (typeof parsed.message !== 'string')
          return `error without a string message: ${body.slice(0, 200)}`;
      } catch {
        return `error body is not valid JSON: ${body.slice(0, 200)}`;
      }
      return undefined;
    }
  },
);
