import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisementKind } from '../../../../core/content/advertisements.ts';
import { newsKind } from '../../../../core/content/news.ts';
import { randomEventKind } from '../../../../core/content/random-events.ts';
import { sponsorKind } from '../../../../core/content/sponsors.ts';
import type { WorldKind } from '../../../../core/content/world-kind.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';

/** Every world collection, in the admin sidebar's order. */
const WORLD_KINDS = [newsKind, randomEventKind, sponsorKind, advertisementKind] as const;

/** A valid form of each kind, and an edit of it. */
const FORMS: Record<WorldKind['name'], [Record<string, unknown>, Record<string, unknown>]> = {
  news: [{ content: 'Core update' }, { content: 'Core update done', link: '/page/about' }],
  randomEvents: [
    { title: 'Outage', description: 'The host is down', trafficChange: -5 },
    { title: 'Outage over', description: 'Back up', frequency: 3 },
  ],
  sponsors: [
    { name: 'Felt Co', url: 'https://felt.example' },
    {
      name: 'Felt & Co',
      url: 'https://felt.example/new',
      imageUrl: `/uploads/${'b'.repeat(64)}.png`,
    },
  ],
  advertisements: [
    { title: 'Hats', priority: 2 },
    { title: 'Hats!', ctaText: 'Buy' },
  ],
};

describe.each(testEngines)('world collections, one contract ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  describe.each(WORLD_KINDS.map((k) => [k.path, k] as const))('/api/admin/%s', (_path, kind) => {
    const url = `/api/admin/${kind.path}`;
    const listed = async (id: string) =>
      (await t.call('GET', url)).json()[kind.listKey].find((i: { id: string }) => i.id === id);

    it('answers create, save and toggle with the item exactly as the list then shows it', async () => {
      const [form, edit] = FORMS[kind.name];
      const created = await t.call('POST', url, form);
      expect(created.statusCode).toBe(201);
      const id = created.json().id as string;
      expect(await listed(id)).toEqual(created.json());

      const saved = await t.call('PUT', `${url}/${id}`, edit);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ id });
      expect(saved.json()).not.toEqual(created.json());
      expect(await listed(id)).toEqual(saved.json());

      if (kind.activeColumn) {
        const off = await t.call('PATCH', `${url}/${id}/active`, { active: false });
        expect(off.statusCode).toBe(200);
        expect(await listed(id)).toEqual(off.json());
        expect(off.json()[kind.activeColumn === 'is_active' ? 'isActive' : 'active']).toBe(false);
      } else {
        expect((await t.call('PATCH', `${url}/${id}/active`, { active: false })).statusCode).toBe(
          404,
        );
      }

      expect((await t.call('DELETE', `${url}/${id}`)).json()).toEqual({ ok: true });
      expect(await listed(id)).toBeUndefined();
    });

    it("refuses an id that does not exist with the kind's words and a code", async () => {
      const res = await t.call('PUT', `${url}/missing`, FORMS[kind.name][0]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: `${kind.noun} not found`, code: 'not-found' });
    });

    it('is for admins only', async () => {
      expect((await t.call('GET', url, undefined, t.player)).statusCode).toBe(403);
    });
  });
});
