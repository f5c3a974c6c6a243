import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import {
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestFor,
} from '../../test/server/openapi-fuzz.ts';
import { adminSession, guestSession } from '../../test/server/sessions.ts';
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

describe.each(testEngines)('fuzzing every OpenAPI route on $name', (engine) => {
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
    operations = operationsOf(doc.json()).filter((op) => !STREAMING.has(`${op.method} ${op.path}`));
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
});
