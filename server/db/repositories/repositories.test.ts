import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../../core/game/stats.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import { testEngines } from '../../../test/server/databases.ts';
import { loadContent } from '../../content/load-content.ts';
import type { Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { listAdvertisements } from './advertisements.ts';
import { listChoices, logChoice } from './choice-log.ts';
import { listPublicConsultants, setConsultantStatus } from './consultants.ts';
import { getFile, putFile } from './files.ts';
import { addNews, deleteNews, listNews, updateNews } from './news.ts';
import { getPage, upsertPage } from './pages.ts';
import { listRandomEvents, setRandomEventActive } from './random-events.ts';
import { deleteScene, getScene, listOptions } from './scenes.ts';
import { getSetting, setSetting } from './settings.ts';
import { createSponsor, deleteSponsor, listSponsors, updateSponsor } from './sponsors.ts';

const stats = (gold: number): PlayerStats => ({ ...ZERO_STATS, gold, inventory: ['Hat pin'] });

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
    const intro = await getScene(d.db, 'intro');
    expect(intro).toMatchObject({
      isStart: true,
      isEnding: false,
      statsConfig: [{ id: 'gold', defaultValue: 30 }],
    });
    expect(await listOptions(d.db, 'intro')).toEqual([
      expect.objectContaining({
        id: 'intro--1',
        statsChanges: { gold: -5 },
        requiredItems: ['Map'],
        requiredStats: null,
      }),
    ]);
    expect((await getScene(d.db, 'end'))?.isEnding).toBe(true);
  });

  it('deletes a scene together with its options', async () => {
    expect(await deleteScene(d.db, 'intro')).toBe(true);
    expect(await listOptions(d.db, 'intro')).toEqual([]);
    expect(await deleteScene(d.db, 'intro')).toBe(false);
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

  it('keeps news trimmed, newest first, with null links and the active filter', async () => {
    const a = await addNews(d.db, '  first  ', '   ');
    await new Promise((r) => setTimeout(r, 5));
    const b = await addNews(d.db, 'second', 'https://example.com');
    expect(a).toMatchObject({ content: 'first', link: null, active: true });
    expect((await listNews(d.db)).map((n) => n.id)).toEqual([b.id, a.id]);
    await updateNews(d.db, a.id, { active: false });
    expect((await listNews(d.db, { activeOnly: true })).map((n) => n.id)).toEqual([b.id]);
    expect(await deleteNews(d.db, a.id)).toBe(true);
    expect(await updateNews(d.db, a.id, { content: 'x' })).toBe(false);
  });

  it('manages sponsors', async () => {
    const s = await createSponsor(d.db, { name: ' Felt Co ', url: 'https://felt.example' });
    await updateSponsor(d.db, s.id, {
      name: 'Felt & Co',
      url: 'https://felt.example',
      imageUrl: '/uploads/x.png',
    });
    expect(await listSponsors(d.db)).toEqual([
      expect.objectContaining({ name: 'Felt & Co', imageUrl: '/uploads/x.png' }),
    ]);
    expect(await deleteSponsor(d.db, s.id)).toBe(true);
  });

  it('lists active advertisements by priority', async () => {
    expect((await listAdvertisements(d.db, { activeOnly: true })).map((a) => a.id)).toEqual([
      'ad-high',
      'ad-low',
    ]);
  });

  it('shows only approved/featured consultants, featured first, without e-mails', async () => {
    expect((await listPublicConsultants(d.db)).map((c) => c.id)).toEqual(['c-approved']);
    await setConsultantStatus(d.db, 'c-pending', 'featured');
    const list = await listPublicConsultants(d.db);
    expect(list.map((c) => c.id)).toEqual(['c-pending', 'c-approved']);
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it('toggles random events', async () => {
    expect(await listRandomEvents(d.db, { activeOnly: true })).toEqual([]);
    expect(await setRandomEventActive(d.db, 'missing', true)).toBe(false);
  });

  it('logs a choice once per idempotency key', async () => {
    const entry = {
      playerId: 'u1',
      sceneId: 'intro',
      optionId: 'intro--1',
      nextSceneId: 'end',
      statsAfter: stats(25),
      idempotencyKey: 'k1',
      isGuest: true,
      eventId: null,
    };
    expect(await logChoice(d.db, entry)).toBe(true);
    expect(await logChoice(d.db, entry)).toBe(false);
    expect(await listChoices(d.db, 'u1')).toEqual([entry]);
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
