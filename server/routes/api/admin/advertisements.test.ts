import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';

describe.each(testEngines)('admin advertisements ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  it('refuses anonymous (401) and players (403)', async () => {
    expect((await t.call('GET', '/api/admin/advertisements', undefined, null)).statusCode).toBe(
      401,
    );
    const res = await t.call('POST', '/api/admin/advertisements', { title: 'Ad' }, t.player);
    expect(res.statusCode).toBe(403);
  });

  it("requires a title and defaults the CTA to 'Learn More', active, priority 0", async () => {
    const bad = await t.call('POST', '/api/admin/advertisements', { title: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Title is required');

    const res = await t.call('POST', '/api/admin/advertisements', {
      title: 'Hat sale',
      ctaText: ' ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Hat sale',
      ctaText: 'Learn More',
      ctaLink: null,
      active: true,
      priority: 0,
    });
  });

  it('refuses a CTA link that is not http(s)', async () => {
    const res = await t.call('POST', '/api/admin/advertisements', {
      title: 'Ad',
      ctaLink: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('CTA link must start with http:// or https://');
  });

  it('lists by priority, updates and deletes', async () => {
    const low = (
      await t.call('POST', '/api/admin/advertisements', { title: 'Low', priority: '1' })
    ).json();
    const high = (
      await t.call('POST', '/api/admin/advertisements', {
        title: 'High',
        priority: 9,
        ctaText: 'Shop now',
        ctaLink: 'https://shop.example',
      })
    ).json();
    const list = (await t.call('GET', '/api/admin/advertisements')).json().advertisements;
    expect(list[0].id).toBe(high.id);

    const upd = await t.call('PUT', `/api/admin/advertisements/${low.id}`, {
      title: 'Low, off',
      active: false,
      priority: 20,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'Low, off', active: false, priority: 20 });
    const after = (await t.call('GET', '/api/admin/advertisements')).json().advertisements;
    expect(after[0]).toMatchObject({ id: low.id, active: false });

    expect((await t.call('DELETE', `/api/admin/advertisements/${low.id}`)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/admin/advertisements/${low.id}`)).statusCode).toBe(404);
  });
});
