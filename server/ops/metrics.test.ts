import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';
import { bearerMatches } from '../plugins/metrics.ts';

const TOKEN = 'metrics-token-for-tests-7f3a';

/** The value of one sample line of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    const ok = Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`));
    if (ok) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('bearerMatches', () => {
  it('accepts only the exact token after Bearer', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe.each(testEngines)('GET /metrics on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { config: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is a 404 when METRICS_TOKEN is not set', async () => {
    const other = await engine.open();
    const plain = await buildTestApp(other);
    const res = await plain.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    await plain.close();
    await other.close();
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('reports durations by route pattern, errors by class and process metrics', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health?x=1' });
    await app.inject({ method: 'GET', url: '/api/no-such-route-12345' });
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(2);
    // The pattern, never the raw URL: unknown paths share one label.
    expect(text).not.toContain('no-such-route-12345');
    expect(text).not.toContain('x=1');
    expect(
      sample(text, 'http_errors_total', { status_class: '4xx', route: 'unmatched' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('# TYPE seo_adventure_choices_total counter');
  });

  it('counts choices through the app.metrics decoration', async () => {
    app.metrics!.choices.inc({ result: 'duplicate' });
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(sample(res.body, 'seo_adventure_choices_total', { result: 'duplicate' })).toBe(1);
  });
});
