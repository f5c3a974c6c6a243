import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { openDatabase } from '../db/database.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { registerOpenApi, zodSchemaController } from '../plugins/openapi.ts';
import { defaultPressureLimits, registerPressure } from '../plugins/pressure.ts';
import { healthRoutes } from '../routes/api/health.ts';

/** Blocks the event loop for `ms` milliseconds. */
function block(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy wait: this is the overload under test
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with the health route and the given pressure limits, as buildApp wires them. */
async function pressuredApp(limits: Parameters<typeof registerPressure>[1]) {
  const database = await openDatabase({});
  const a = Fastify({ logger: false, schemaController: zodSchemaController });
  a.decorate('db', database.db);
  a.decorate('dialect', database.dialect);
  a.addHook('onClose', () => database.close());
  registerErrorHandler(a);
  await registerPressure(a, limits);
  await registerOpenApi(a);
  await a.register(healthRoutes, { prefix: '/api' });
  a.post('/api/work', async () => ({ done: true }));
  return a;
}

describe('under pressure', () => {
  it('defaults to a 1 s event-loop delay and 90 % of the heap limit', () => {
    const d = defaultPressureLimits();
    expect(d.maxEventLoopDelay).toBe(1000);
    expect(d.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(d.retryAfter).toBeGreaterThan(0);
  });

  it('answers 503 with Retry-After and a JSON message while the event loop lags, then recovers', async () => {
    app = await pressuredApp({ maxEventLoopDelay: 50, sampleInterval: 150, retryAfter: 7 });
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/work' })).statusCode).toBe(200);

    block(400);
    // Under-pressure samples the lag on its own timer; the state then holds until the next sample.
    for (let i = 0; i < 100 && !app.isUnderPressure(); i++) await sleep(2);
    expect(app.isUnderPressure()).toBe(true);
    for (const [method, url] of [
      ['POST', '/api/work'],
      ['GET', '/api/health'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toMatchObject({ error: 'Service Unavailable', message: expect.any(String) });
      expect(body.message).toMatch(/try again in 7 seconds/);
      // The health route's own fields, so monitors reading it see why.
      if (url === '/api/health') expect(body.status).toBe('unavailable');
    }

    // The lag is over: the next samples are small again.
    let status = 503;
    for (let i = 0; i < 50 && status === 503; i++) {
      await sleep(40);
      status = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    }
    expect(status).toBe(200);
  });

  it('answers 503 when the heap is over its limit', async () => {
    app = await pressuredApp({ maxHeapUsedBytes: 1024, sampleInterval: 20 });
    await app.ready();
    await sleep(60);
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe.each(testEngines)('the built app on $name', (engine) => {
  it('measures pressure and answers normally when there is none', async () => {
    const db = await engine.open();
    app = await buildTestApp(db);
    expect(app.hasDecorator('isUnderPressure')).toBe(true);
    expect(app.isUnderPressure()).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
    app = undefined;
    await db.close();
  });
});
