import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await testEngines[0]!.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('gives every answer a unique id in X-Request-Id, errors included', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/health', '/api/health', '/api/nope', '/api/play/game']) {
      const res = await app.inject({ method: 'GET', url });
      const id = String(res.headers['x-request-id']);
      expect(id, url).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
    // A second server (a restart) does not count from 1 again.
    const other = await buildTestApp(db);
    const again = await other.inject({ method: 'GET', url: '/api/health' });
    expect(ids.has(String(again.headers['x-request-id']))).toBe(false);
    await other.close();
  });

  it("echoes a proxy's X-Request-Id, and replaces one that is not a plain token", async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:42');
    for (const bad of ['has space', 'x'.repeat(129), '<script>', '']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });
});
