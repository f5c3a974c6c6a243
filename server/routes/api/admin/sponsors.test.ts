import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';

describe.each(testEngines)('admin sponsors ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  it('refuses anonymous (401) and players (403)', async () => {
    expect((await t.call('GET', '/api/admin/sponsors', undefined, null)).statusCode).toBe(401);
    const res = await t.call(
      'POST',
      '/api/admin/sponsors',
      { name: 'X', url: 'https://x.example' },
      t.player,
    );
    expect(res.statusCode).toBe(403);
  });

  it("requires name and URL ('Name and URL are required')", async () => {
    for (const body of [{ name: '', url: 'https://a.example' }, { name: 'A', url: ' ' }, {}]) {
      const res = await t.call('POST', '/api/admin/sponsors', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Name and URL are required');
    }
  });

  it('requires the URL to start with http:// or https://', async () => {
    for (const url of ['www.hats.example', 'ftp://hats.example', 'javascript:alert(1)']) {
      const res = await t.call('POST', '/api/admin/sponsors', { name: 'Hats', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('URL must start with http:// or https://');
    }
  });

  it('creates, lists newest first, updates (logo removed) and deletes', async () => {
    const a = await t.call('POST', '/api/admin/sponsors', {
      name: ' Felt & Co ',
      url: 'https://felt.example',
      imageUrl: `/uploads/${'a'.repeat(64)}.png`,
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      name: 'Felt & Co',
      imageUrl: `/uploads/${'a'.repeat(64)}.png`,
    });
    const b = await t.call('POST', '/api/admin/sponsors', {
      name: 'Brims',
      url: 'http://brims.example',
    });
    const list = (await t.call('GET', '/api/admin/sponsors')).json().sponsors;
    expect(list.map((s: { name: string }) => s.name).slice(0, 2)).toEqual(['Brims', 'Felt & Co']);

    const upd = await t.call('PUT', `/api/admin/sponsors/${a.json().id}`, {
      name: 'Felt and Co',
      url: 'https://felt.example/new',
      imageUrl: null,
    });
    expect(upd.statusCode).toBe(200);
    const after = (await t.call('GET', '/api/admin/sponsors')).json().sponsors;
    expect(after.find((s: { id: string }) => s.id === a.json().id)).toMatchObject({
      name: 'Felt and Co',
      url: 'https://felt.example/new',
      imageUrl: null,
    });

    expect((await t.call('DELETE', `/api/admin/sponsors/${b.json().id}`)).statusCode).toBe(200);
    const again = await t.call('DELETE', `/api/admin/sponsors/${b.json().id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Sponsor not found');
  });
});
