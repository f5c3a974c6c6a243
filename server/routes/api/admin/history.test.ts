import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { newScene, openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';
import { insertUndoEntry } from '../../../db/repositories/history.ts';
import { purgeExpired } from '../../../services/history/undo.ts';

const go = (text: string, nextSceneId: string) => ({
  text,
  destinationType: 'scene',
  nextSceneId,
});
const DAY = 86_400_000;

describe.each(testEngines)('history: revisions, restore, undo on $name', (engine) => {
  let k: SceneKit;
  const scene = async (id: string) => (await k.call('GET', `/api/admin/scenes/${id}`)).json().scene;
  const options = async (id: string) =>
    (await k.call('GET', `/api/admin/scenes/${id}/options`)).json().options;
  const undoList = async () => (await k.call('GET', '/api/admin/undo')).json().entries;

  beforeAll(async () => {
    k = await openSceneKit(engine);
    for (const id of ['hub', 'shop']) {
      expect((await k.call('POST', '/api/admin/scenes', newScene(id))).statusCode).toBe(201);
    }
    const put = await k.call('PUT', '/api/admin/scenes/hub', {
      title: 'Scene hub',
      description: 'About hub',
      options: [go('Visit the shop', 'shop')],
    });
    expect(put.statusCode).toBe(200);
  });
  afterAll(() => k.close());

  it('keeps a revision per save with who and when, and shows what changed', async () => {
    const v1 = await scene('shop');
    await k.call('PUT', '/api/admin/scenes/shop', {
      title: 'The Hat Shop',
      description: 'About shop',
      version: v1.version,
    });
    const v2 = await scene('shop');
    await k.call('PUT', '/api/admin/scenes/shop', {
      title: 'The Hat Shop',
      description: 'Rows of felt hats.',
      version: v2.version,
      addOptions: [go('Back to the hub', 'hub')],
    });
    const list = (await k.call('GET', '/api/admin/history/scene/shop')).json().revisions;
    expect(list.map((r: { revision: number; action: string }) => [r.revision, r.action])).toEqual([
      [3, 'save'],
      [2, 'save'],
      [1, 'create'],
    ]);
    expect(list[0]).toMatchObject({ authorName: 'Admin', changes: 0 });
    expect(Date.parse(list[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const diff = (await k.call('GET', '/api/admin/history/scene/shop/1')).json();
    expect(diff.changes).toEqual([
      { field: 'Title', before: 'Scene shop', after: 'The Hat Shop' },
      { field: 'Description', before: 'About shop', after: 'Rows of felt hats.' },
      { field: 'Option (added since)', before: '(none)', after: 'Back to the hub → hub' },
    ]);
    // A save that changes nothing adds no revision.
    const now = await scene('shop');
    await k.call('PUT', '/api/admin/scenes/shop', {
      title: now.title,
      description: now.description,
      version: now.version,
    });
    expect((await k.call('GET', '/api/admin/history/scene/shop')).json().revisions).toHaveLength(3);
  });

  it('restores a revision as a new revision, and refuses a stale version like a save', async () => {
    const before = await scene('shop');
    const stale = await k.call('POST', '/api/admin/history/scene/shop/1/restore', {
      version: before.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else saved this scene after you opened it');
    expect((await scene('shop')).title).toBe('The Hat Shop');

    const res = await k.call('POST', '/api/admin/history/scene/shop/1/restore', {
      version: before.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().revision).toBe(4);
    const after = await scene('shop');
    expect(after).toMatchObject({ title: 'Scene shop', description: 'About shop' });
    expect(after.version).toBe(before.version + 1);
    expect(await options('shop')).toEqual([]);
    const list = (await k.call('GET', '/api/admin/history/scene/shop')).json().revisions;
    expect(list[0]).toMatchObject({ revision: 4, action: 'restore', authorName: 'Admin' });
    expect(list.find((r: { revision: number }) => r.revision === 3).changes).toBe(3);
  });

  it('answers 404 for a revision that does not exist', async () => {
    const res = await k.call('GET', '/api/admin/history/scene/shop/99');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That revision could not be found');
  });

  it('undoes a scene delete: the scene, its options and the links that led to it', async () => {
    expect((await k.call('POST', '/api/admin/scenes', newScene('cafe'))).statusCode).toBe(201);
    const c = await scene('cafe');
    await k.call('PUT', '/api/admin/scenes/cafe', {
      title: 'Cafe',
      description: 'Coffee',
      version: c.version,
      addOptions: [go('Leave', 'hub')],
    });
    const h = await scene('hub');
    await k.call('PUT', '/api/admin/scenes/hub', {
      title: h.title,
      description: h.description,
      version: h.version,
      addOptions: [go('Have a coffee', 'cafe')],
    });
    const del = await k.call('DELETE', '/api/admin/scenes/cafe?links=placeholder');
    expect(del.statusCode).toBe(204);
    expect((await k.call('GET', '/api/admin/scenes/cafe')).statusCode).toBe(404);
    const coffee = (await options('hub')).find((o: { text: string }) => o.text === 'Have a coffee');
    expect(coffee.nextSceneId).toBe('pending-cafe');

    const entry = (await undoList()).find((e: { itemId: string }) => e.itemId === 'cafe');
    expect(entry).toMatchObject({
      action: 'delete',
      kind: 'scene',
      label: 'Cafe',
      authorName: 'Admin',
      undoneAt: null,
    });
    const undo = await k.call('POST', `/api/admin/undo/${entry.id}`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().entry.undoneAt).not.toBeNull();
    expect(await scene('cafe')).toMatchObject({ title: 'Cafe', description: 'Coffee' });
    expect((await options('cafe')).map((o: { text: string }) => o.text)).toEqual(['Leave']);
    const back = (await options('hub')).find((o: { text: string }) => o.text === 'Have a coffee');
    expect(back).toMatchObject({ nextSceneId: 'cafe', isPending: false });
    // Undone once: a second click changes nothing.
    const again = await k.call('POST', `/api/admin/undo/${entry.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This was already undone');
    // Its history goes on: the put-back is a revision.
    const list = (await k.call('GET', '/api/admin/history/scene/cafe')).json().revisions;
    expect(list[0].action).toBe('undelete');
  });

  it('keeps world items and pages too: revisions, restore, undo delete', async () => {
    const made = await k.call('POST', '/api/admin/sponsors', {
      name: 'Felt & Co',
      url: 'https://felt.example',
    });
    const id = made.json().id;
    await k.call('PUT', `/api/admin/sponsors/${id}`, {
      name: 'Felt and Co',
      url: 'https://felt.example',
    });
    const diff = (await k.call('GET', `/api/admin/history/sponsor/${id}/1`)).json();
    expect(diff.changes).toEqual([{ field: 'Name', before: 'Felt & Co', after: 'Felt and Co' }]);
    expect(
      (await k.call('POST', `/api/admin/history/sponsor/${id}/1/restore`, {})).statusCode,
    ).toBe(200);
    const sponsors = (await k.call('GET', '/api/admin/sponsors')).json().sponsors;
    expect(sponsors.find((s: { id: string }) => s.id === id).name).toBe('Felt & Co');

    expect((await k.call('DELETE', `/api/admin/sponsors/${id}`)).statusCode).toBe(200);
    const entry = (await undoList()).find((e: { itemId: string }) => e.itemId === id);
    expect(entry).toMatchObject({ kind: 'sponsor', label: 'Felt & Co' });
    expect((await k.call('POST', `/api/admin/undo/${entry.id}`)).statusCode).toBe(200);
    const again = (await k.call('GET', '/api/admin/sponsors')).json().sponsors;
    expect(again.find((s: { id: string }) => s.id === id).name).toBe('Felt & Co');

    const seo = (await k.call('GET', '/api/admin/settings/seo')).json();
    await k.call('PUT', '/api/admin/settings/seo', { ...seo, seoTitle: 'Hats first' });
    await k.call('PUT', '/api/admin/settings/seo', { ...seo, seoTitle: 'Hats second' });
    const docUrl = `/api/admin/history/document/${encodeURIComponent('settings/seo')}`;
    const revs = (await k.call('GET', docUrl)).json().revisions;
    expect(revs.map((r: { action: string }) => r.action)).toEqual(['save', 'save', 'original']);
    expect((await k.call('POST', `${docUrl}/2/restore`, {})).statusCode).toBe(200);
    expect((await k.call('GET', '/api/admin/settings/seo')).json().seoTitle).toBe('Hats first');
  });

  it('undoes an applied import: the content before it comes back', async () => {
    const exported = (await k.call('GET', '/api/admin/export.json')).json();
    const changed = {
      ...exported,
      scenes: exported.scenes
        .filter((s: { id: string }) => s.id !== 'cafe')
        .map((s: { id: string }) => (s.id === 'hub' ? { ...s, title: 'Imported hub' } : s)),
      options: exported.options.filter((o: { scenario_id: string }) => o.scenario_id !== 'cafe'),
    };
    const applied = await k.call('POST', '/api/admin/import', {
      format: 'json',
      text: JSON.stringify(changed),
    });
    expect(applied.statusCode).toBe(200);
    expect((await scene('hub')).title).toBe('Imported hub');
    expect((await k.call('GET', '/api/admin/scenes/cafe')).statusCode).toBe(404);

    const entry = (await undoList()).find((e: { action: string }) => e.action === 'import');
    expect(entry.label).toBe('Import (scenes: 0 added, 1 changed, 1 removed)');
    expect((await k.call('POST', `/api/admin/undo/${entry.id}`)).statusCode).toBe(200);
    expect((await scene('hub')).title).toBe('Scene hub');
    expect((await scene('cafe')).title).toBe('Cafe');
    const after = (await k.call('GET', '/api/admin/export.json')).json();
    const strip = (b: Record<string, unknown>) => ({ ...b, exportedAt: null });
    expect(strip(after)).toEqual(strip(exported));
    // A dry run is no import: nothing to undo.
    const count = (await undoList()).length;
    await k.call('POST', '/api/admin/import/dry-run', {
      format: 'json',
      text: JSON.stringify(changed),
    });
    expect(await undoList()).toHaveLength(count);
  });

  it('keeps undo entries 30 days, then purges them', async () => {
    const old = await insertUndoEntry(k.db.db, {
      action: 'delete',
      kind: 'sponsor',
      itemId: 'ancient',
      label: 'Ancient sponsor',
      author: null,
      snapshot: { id: 'ancient', name: 'Ancient sponsor' },
      at: new Date(Date.now() - 31 * DAY).toISOString(),
    });
    const recent = await insertUndoEntry(k.db.db, {
      action: 'delete',
      kind: 'sponsor',
      itemId: 'recent',
      label: 'Recent sponsor',
      author: null,
      snapshot: { id: 'recent', name: 'Recent sponsor' },
      at: new Date(Date.now() - 29 * DAY).toISOString(),
    });
    const undo = await k.call('POST', `/api/admin/undo/${old}`);
    expect(undo.statusCode).toBe(410);
    expect(undo.json().message).toBe('Entries older than 30 days can no longer be undone');
    expect(await purgeExpired(k.db.db)).toBe(1);
    const ids = (await undoList()).map((e: { id: string }) => e.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    // A day later the other one goes too.
    expect(await purgeExpired(k.db.db, Date.now() + 2 * DAY)).toBe(1);
  });
});
