import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';
import { liveBus } from '../../../live/bus.ts';

describe.each(testEngines)('admin news ($name)', (engine) => {
  let t: SceneKit;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await openSceneKit(engine);
    (await liveBus(t.app)).subscribe((c) => heard.push(c));
  });
  afterAll(() => t.close());

  /** Waits until the bus delivered `n` more notices (NOTIFY on PostgreSQL arrives asynchronously). */
  async function noticesAfter(before: number, n = 1): Promise<string[]> {
    for (let i = 0; i < 100 && heard.length < before + n; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    return heard.slice(before);
  }

  it('refuses anonymous (401) and players (403)', async () => {
    expect((await t.call('GET', '/api/admin/news', undefined, null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/news', undefined, t.player)).statusCode).toBe(403);
    const add = await t.call('POST', '/api/admin/news', { content: 'x' }, t.player);
    expect(add.statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/news')).json().items).toEqual([]);
  });

  it("refuses blank content with 'News content cannot be empty' on add and update", async () => {
    const add = await t.call('POST', '/api/admin/news', { content: '   ', link: '' });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toContain('News content cannot be empty');
    const created = await t.call('POST', '/api/admin/news', { content: 'Fine' });
    const update = await t.call('PUT', `/api/admin/news/${created.json().id}`, { content: '\n' });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toContain('News content cannot be empty');
  });

  it('trims content and link, stores a blank link as null, starts active, tells the ticker', async () => {
    const before = heard.length;
    const res = await t.call('POST', '/api/admin/news', {
      content: '  Core update rolling out  ',
      link: '   ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      content: 'Core update rolling out',
      link: null,
      active: true,
    });
    expect(await noticesAfter(before)).toContain('news');

    const withLink = await t.call('POST', '/api/admin/news', {
      content: 'Read the guide',
      link: ' https://example.com/guide ',
    });
    expect(withLink.json().link).toBe('https://example.com/guide');
    const list = (await t.call('GET', '/api/admin/news')).json().items;
    expect(list[0].content).toBe('Read the guide'); // newest first
  });

  it('refuses a link that is not http(s) or a path', async () => {
    const res = await t.call('POST', '/api/admin/news', {
      content: 'Click',
      link: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Link must start with http://, https:// or /');
  });

  it('edits content and link, toggles active, deletes, each telling the ticker', async () => {
    const { id } = (await t.call('POST', '/api/admin/news', { content: 'Old' })).json();
    let before = heard.length;
    const edit = await t.call('PUT', `/api/admin/news/${id}`, { content: ' New ', link: '' });
    expect(edit.statusCode).toBe(200);
    expect(await noticesAfter(before)).toContain('news');
    let item = (await t.call('GET', '/api/admin/news'))
      .json()
      .items.find((n: { id: string }) => n.id === id);
    expect(item).toMatchObject({ content: 'New', link: null, active: true });

    before = heard.length;
    expect(
      (await t.call('PATCH', `/api/admin/news/${id}/active`, { active: false })).statusCode,
    ).toBe(200);
    expect(await noticesAfter(before)).toContain('news');
    item = (await t.call('GET', '/api/admin/news'))
      .json()
      .items.find((n: { id: string }) => n.id === id);
    expect(item.active).toBe(false);

    before = heard.length;
    expect((await t.call('DELETE', `/api/admin/news/${id}`)).statusCode).toBe(200);
    expect(await noticesAfter(before)).toContain('news');
    expect((await t.call('DELETE', `/api/admin/news/${id}`)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/admin/news/${id}`, { content: 'x' })).json().message).toBe(
      'News item not found',
    );
  });
});
