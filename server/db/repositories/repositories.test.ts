import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisementKind } from '../../../core/content/advertisements.ts';
import { newsInputSchema, newsKind } from '../../../core/content/news.ts';
import { randomEventKind } from '../../../core/content/random-events.ts';
import { sponsorInputSchema, sponsorKind } from '../../../core/content/sponsors.ts';
import { testEngines } from '../../../test/server/databases.ts';
import { loadContent } from '../../content/load-content.ts';
import { listSceneOptions } from '../../services/scenes/scene-admin.ts';
import {
  createItem,
  deleteItem,
  listItems,
  setItemActive,
  updateItem,
} from '../../services/world/collections.ts';
import type { Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { listPublicConsultants, setConsultantStatus } from './consultants.ts';
import { getFile, putFile } from './files.ts';
import { getPage, upsertPage } from './pages.ts';
import { optionRows } from './scene-options-admin.ts';
import { deleteSceneWithOptions, getAdminScene } from './scenes-admin.ts';
import { getSetting, setSetting } from './settings.ts';

describe.each(testEngines)('repositories on $name', (engine) => {
  let d: Db;
  beforeAll(async () => {
    d = await engine.open();
    await migrateToLatest(d.db, d.schema);
    await loadContent(d.db, {
      scenes: [
        {
          id: 'intro',
          title: 'Intro',
          description: 'Start',
          stats_config: [{ id: 'gold', name: 'Budget', defaultValue: 30 }],
          day: 1,
          is_end_of_day: false,
          is_ending: false,
          is_start: true,
          options: [
            {
              id: 'intro--1',
              text: 'Go',
              next_scenario_id: 'end',
              stats_changes: { gold: -5 },
              required_items: ['Map'],
            },
          ],
        },
        {
          id: 'end',
          title: 'End',
          day: 1,
          is_end_of_day: false,
          is_ending: true,
          is_start: false,
          options: [],
        },
      ],
      events: [],
      advertisements: [
        { id: 'ad-low', title: 'Low', cta_text: 'Learn More', active: true, priority: 1 },
        { id: 'ad-high', title: 'High', cta_text: 'Buy', active: true, priority: 9 },
        { id: 'ad-off', title: 'Off', cta_text: 'Learn More', active: false, priority: 99 },
      ],
      sponsors: [],
      news: [],
      consultants: [
        { id: 'c-pending', name: 'Pending', contact_email: 'p@example.com', status: 'pending' },
        { id: 'c-approved', name: 'Approved', contact_email: 'a@example.com', status: 'approved' },
      ],
      settings: {},
      pages: [],
    });
  });
  afterAll(() => d.close());

  it('reads scenes and options with JSON and booleans decoded', async () => {
    const intro = await getAdminScene(d.db, 'intro');
    expect(intro).toMatchObject({
      isStart: true,
      isEnding: false,
      statsConfig: [{ id: 'gold', defaultValue: 30 }],
    });
    expect(await listSceneOptions(d.db, 'intro')).toEqual([
      expect.objectContaining({
        id: 'intro--1',
        statChanges: { gold: -5 },
        requiredItems: ['Map'],
        requiredStats: null,
      }),
    ]);
    expect((await getAdminScene(d.db, 'end'))?.isEnding).toBe(true);
  });

  it('deletes a scene together with its options', async () => {
    expect(await deleteSceneWithOptions(d.db, 'intro')).toBe(true);
    expect(await optionRows(d.db, 'intro')).toEqual([]);
    expect(await deleteSceneWithOptions(d.db, 'intro')).toBe(false);
  });

  it('upserts settings and pages', async () => {
    expect(await getSetting(d.db, 'font_settings')).toBeNull();
    await setSetting(d.db, 'font_settings', { title: { fontSize: '5xl' } });
    await setSetting(d.db, 'font_settings', { title: { fontSize: '4xl' } });
    expect(await getSetting(d.db, 'font_settings')).toEqual({ title: { fontSize: '4xl' } });
    await upsertPage(d.db, 'home', 'Home Page', { title: 'A' });
    await upsertPage(d.db, 'home', 'Home Page', { title: 'B' });
    expect((await getPage(d.db, 'home'))?.content).toEqual({ title: 'B' });
  });

  it('keeps news trimmed, newest first, with null links, toggles and deletes them', async () => {
    const add = (content: string, link: string) =>
      createItem(d.db, newsKind, newsInputSchema.parse({ content, link }), null);
    const a = await add('  first  ', '   ');
    await new Promise((r) => setTimeout(r, 5));
    const b = await add('second', 'https://example.com');
    expect(a).toMatchObject({ content: 'first', link: null, active: true });
    expect((await listItems(d.db, newsKind)).map((n) => n.id)).toEqual([b.id, a.id]);
    expect(await setItemActive(d.db, newsKind, a.id, false, null)).toMatchObject({ active: false });
    expect(await deleteItem(d.db, newsKind, a.id, null)).toBe(true);
    const edit = newsInputSchema.parse({ content: 'x' });
    expect(await updateItem(d.db, newsKind, a.id, edit, null)).toBeNull();
  });

  it('manages sponsors and answers each save with the sponsor as stored', async () => {
    const UPLOADED = `/uploads/${'a'.repeat(64)}.png`;
    const input = (name: string, imageUrl?: string) =>
      sponsorInputSchema.parse({ name, url: 'https://felt.example', imageUrl });
    const s = await createItem(d.db, sponsorKind, input(' Felt Co '), null);
    expect(s).toMatchObject({ name: 'Felt Co', imageUrl: null });
    const saved = await updateItem(d.db, sponsorKind, s.id, input('Felt & Co', UPLOADED), null);
    expect(saved).toEqual({ ...s, name: 'Felt & Co', imageUrl: UPLOADED });
    expect(await listItems(d.db, sponsorKind)).toEqual([saved]);
    expect(await deleteItem(d.db, sponsorKind, s.id, null)).toBe(true);
  });

  it('lists advertisements by priority, highest first', async () => {
    expect((await listItems(d.db, advertisementKind)).map((a) => [a.id, a.active])).toEqual([
      ['ad-off', false],
      ['ad-high', true],
      ['ad-low', true],
    ]);
  });

  it('shows only approved/featured consultants, featured first, without e-mails', async () => {
    expect((await listPublicConsultants(d.db)).map((c) => c.id)).toEqual(['c-approved']);
    await setConsultantStatus(d.db, 'c-pending', 'featured');
    const list = await listPublicConsultants(d.db);
    expect(list.map((c) => c.id)).toEqual(['c-pending', 'c-approved']);
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it('refuses to toggle a random event that does not exist', async () => {
    expect(await listItems(d.db, randomEventKind)).toEqual([]);
    expect(await setItemActive(d.db, randomEventKind, 'missing', true, null)).toBeNull();
  });

  it('stores files by hash once and returns the bytes', async () => {
    const file = {
      hash: 'abc',
      ext: 'png',
      mime: 'image/png',
      bucket: 'sponsors',
      size: 3,
      width: 1,
      height: 1,
      data: Buffer.from([1, 2, 3]),
    };
    await putFile(d.db, file);
    await putFile(d.db, file);
    expect(await getFile(d.db, 'abc')).toEqual(file);
    expect(await getFile(d.db, 'nope')).toBeNull();
  });
});
