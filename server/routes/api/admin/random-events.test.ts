import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';

const valid = { title: 'Algorithm update', description: 'Rankings shuffle overnight.' };

describe.each(testEngines)('admin random events ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  it('refuses anonymous (401) and players (403)', async () => {
    expect((await t.call('GET', '/api/admin/random-events', undefined, null)).statusCode).toBe(401);
    const res = await t.call('POST', '/api/admin/random-events', valid, t.player);
    expect(res.statusCode).toBe(403);
  });

  it("refuses a missing title or description with 'Title and description are required'", async () => {
    for (const body of [{ ...valid, title: '  ' }, { ...valid, description: '' }, {}]) {
      const res = await t.call('POST', '/api/admin/random-events', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Title and description are required');
    }
  });

  it('defaults frequency to 5, turns non-numeric changes into 0 and parses integers', async () => {
    const res = await t.call('POST', '/api/admin/random-events', {
      ...valid,
      frequency: 'often',
      budgetChange: 'lots',
      knowledgeChange: '12abc',
      trafficChange: -3.7,
      seoRankingChange: '7',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      frequency: 5,
      isActive: true,
      mediaType: 'image',
      budgetChange: 0,
      knowledgeChange: 12,
      trafficChange: -3,
      seoRankingChange: 7,
      delusionChange: 0,
    });
  });

  it('refuses a frequency below 1', async () => {
    const res = await t.call('POST', '/api/admin/random-events', { ...valid, frequency: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Frequency must be at least 1');
  });

  it('creates, updates, toggles and deletes; lists newest first', async () => {
    const first = (
      await t.call('POST', '/api/admin/random-events', { ...valid, title: 'First', frequency: 2 })
    ).json();
    const second = (
      await t.call('POST', '/api/admin/random-events', {
        ...valid,
        title: 'Second',
        mediaType: 'video',
        videoEmbedCode: '<iframe src="https://example.com/v"></iframe>',
      })
    ).json();
    const list = (await t.call('GET', '/api/admin/random-events')).json().events;
    expect(list.map((e: { id: string }) => e.id).slice(0, 2)).toEqual([second.id, first.id]);

    const upd = await t.call('PUT', `/api/admin/random-events/${first.id}`, {
      ...valid,
      title: 'First, edited',
      frequency: '3',
      revenueChange: '15',
      isActive: true,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'First, edited', frequency: 3, revenueChange: 15 });

    const off = await t.call('PATCH', `/api/admin/random-events/${first.id}/active`, {
      active: false,
    });
    expect(off.statusCode).toBe(200);
    const after = (await t.call('GET', '/api/admin/random-events')).json().events;
    expect(after.find((e: { id: string }) => e.id === first.id).isActive).toBe(false);

    expect((await t.call('DELETE', `/api/admin/random-events/${first.id}`)).statusCode).toBe(200);
    const gone = await t.call('PUT', `/api/admin/random-events/${first.id}`, valid);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Random event not found');
  });

  it('refuses a media URL that is neither http(s) nor one of our uploads', async () => {
    const res = await t.call('POST', '/api/admin/random-events', {
      ...valid,
      mediaUrl: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      'Media URL must start with http:// or https://, or be an uploaded image',
    );
  });
});
