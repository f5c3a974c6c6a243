import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

describe.each(testEngines.slice(0, 1))('admin route tags on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lists every admin route under its feature in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const tagOf = (path: string, method: string) => doc.paths[path]?.[method]?.tags;
    expect(tagOf('/api/admin/analytics', 'get')).toEqual(['admin: analytics']);
    expect(tagOf('/api/admin/scenes/{id}/options', 'post')).toEqual(['admin: scenes']);
    expect(tagOf('/api/admin/import', 'post')).toEqual(['admin: import / export']);
    expect(tagOf('/api/admin/news/{id}', 'put')).toEqual(['admin: news items']);
    expect(tagOf('/api/admin/settings/seo', 'put')).toEqual(['admin: SEO']);
    expect(tagOf('/api/admin/pages/{slug}', 'get')).toEqual(['admin: pages']);
    const untagged = Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[] }>>,
    )
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => [`${m} ${path}`, op.tags]))
      .filter(([, tags]) => !tags?.length);
    expect(untagged).toEqual([]);
  });
});
