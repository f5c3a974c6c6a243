import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest, migrations } from '../db/migrate.ts';
import type { Database } from '../db/schema/database.ts';
import { exportBundle } from '../services/transfer/export.ts';
import { dryRunImport } from '../services/transfer/transfer.ts';
import { contentSchema, toBundle } from './content-files.ts';
import { CONTENT_MARKER, loadContent } from './load-content.ts';

const statsConfig = [
  { stat: 'budget', min: 10, message: 'Broke — «back to start»', redirect: 'intro' },
  { stat: 'seo_ranking', max: 3, nested: { deep: [1, 2.5, null, true] } },
];
const statsChanges = { traffic: 5, budget: -10, inventory: { add: ['Blue Hat'] } };

const fixture = contentSchema.parse({
  scenes: [
    {
      id: 'intro',
      title: 'The Hat Shop',
      description: '<p>Day one.</p>',
      stats_config: statsConfig,
      day: 1,
      is_start: true,
      options: [
        { id: 'intro-a', text: 'Audit', next_scenario_id: 'end', stats_changes: statsChanges },
        {
          id: 'intro-b',
          text: 'Buy links',
          next_url: 'https://example.com/',
          required_stats: { budget: 50 },
          required_items: ['Credit Card'],
        },
      ],
    },
    { id: 'end', title: 'Rank #1', is_ending: true, is_end_of_day: true },
  ],
  events: [
    { id: 'ev-on', title: 'Core update', description: 'Traffic drops', traffic_change: -20 },
    { id: 'ev-off', title: 'Off', description: 'Never', is_active: false },
  ],
  advertisements: [
    { id: 'ad-on', title: 'Hats!', priority: 2 },
    { id: 'ad-off', title: 'Old ad', active: false },
  ],
  sponsors: [{ id: 'sp', name: 'Sponsor', url: 'https://sponsor.example/' }],
  news: [
    { id: 'news-1', content: 'Newest' },
    { id: 'news-2', content: 'Older', active: false },
  ],
  consultants: [{ id: 'c1', name: 'Ann', contact_email: 'ann@example.com' }],
  settings: { seo_settings: { title: 'SEO Adventure', keywords: ['seo', 'hats'] } },
  pages: [{ slug: 'about', title: 'About', content: { body: 'Hi', sections: [] } }],
});

/** Tables filled by content/, and the ones it must leave empty. */
const contentTables = [
  'scenarios',
  'scenario_choices',
  'settings',
  'pages',
  'sponsors',
  'advertisements',
  'random_events',
  'news_items',
  'consultant_submissions',
] as const;
const playTables = ['players', 'choice_log', 'files'] as const;
type Table = (typeof contentTables)[number] | (typeof playTables)[number];

async function counts(db: Kysely<Database>): Promise<Record<Table, number>> {
  const result = {} as Record<Table, number>;
  for (const table of [...contentTables, ...playTables]) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

/** A stored boolean as JS: only true/false (PostgreSQL) or 1/0 (SQLite) are accepted. */
function bool(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  throw new Error(`not a stored boolean: ${JSON.stringify(value)}`);
}

/** The rows a player would see, read back in a form both engines must agree on. */
async function readBack(db: Kysely<Database>) {
  const scenes = await db.selectFrom('scenarios').selectAll().orderBy('id').execute();
  const choices = await db.selectFrom('scenario_choices').selectAll().orderBy('id').execute();
  const events = await db.selectFrom('random_events').selectAll().orderBy('id').execute();
  const ads = await db.selectFrom('advertisements').selectAll().orderBy('id').execute();
  const news = await db.selectFrom('news_items').selectAll().orderBy('id').execute();
  const settings = await db.selectFrom('settings').selectAll().orderBy('key').execute();
  const pages = await db.selectFrom('pages').selectAll().execute();
  return {
    scenes: scenes.map(({ created_at, updated_at, ...s }) => ({
      ...s,
      is_start: bool(s.is_start),
      is_ending: bool(s.is_ending),
      is_end_of_day: bool(s.is_end_of_day),
    })),
    choices: choices.map(({ created_at, ...c }) => c),
    events: events.map(({ created_at, ...e }) => ({ ...e, is_active: bool(e.is_active) })),
    ads: ads.map(({ created_at, ...a }) => ({ ...a, active: bool(a.active) })),
    news: news.map((n) => ({ id: n.id, active: bool(n.active), created_at: n.created_at })),
    settings: settings.filter((s) => s.key !== CONTENT_MARKER).map((s) => [s.key, s.value]),
    pages: pages.map((p) => [p.slug, p.content]),
  };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(testEngines)('content loading on $name', (engine) => {
  let open: Db | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  async function migrated(): Promise<Kysely<Database>> {
    open = await engine.open();
    await migrateToLatest(open.db, open.schema);
    return open.db;
  }

  it('migrates an empty database up, once', async () => {
    open = await engine.open();
    expect(await migrateToLatest(open.db, open.schema)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(open.db, open.schema)).toEqual([]);
    const empty = await counts(open.db);
    expect(Object.values(empty)).toEqual(Array(contentTables.length + playTables.length).fill(0));
  });

  it('fills every content table and leaves play tables empty', async () => {
    const db = await migrated();
    expect(await loadContent(db, fixture)).toBe(2);
    expect(await counts(db)).toEqual({
      scenarios: 2,
      scenario_choices: 2,
      settings: 2, // seo_settings and the loaded marker
      pages: 1,
      sponsors: 1,
      advertisements: 2,
      random_events: 2,
      news_items: 2,
      consultant_submissions: 1,
      players: 0,
      choice_log: 0,
      files: 0,
    });
  });

  it('changes nothing when loaded a second time', async () => {
    const db = await migrated();
    await loadContent(db, fixture);
    const before = await counts(db);
    const rows = await readBack(db);
    const bigger = contentSchema.parse({
      ...fixture,
      scenes: [...fixture.scenes, { id: 'extra', title: 'Extra' }],
      news: [...fixture.news, { id: 'news-3', content: 'Extra' }],
    });
    expect(await loadContent(db, bigger)).toBe(0);
    expect(await counts(db)).toEqual(before);
    expect(await readBack(db)).toEqual(rows);
  });

  it('loads once when two servers start at the same time', async () => {
    const db = await migrated();
    const loaded = await Promise.all([loadContent(db, fixture), loadContent(db, fixture)]);
    expect(loaded.sort()).toEqual([0, 2]);
    expect((await counts(db)).scenario_choices).toBe(2);
  });

  it('loads what an export of it gives back: the demo content is an import bundle', async () => {
    const db = await migrated();
    await loadContent(db, fixture);
    const exported = await exportBundle(db);
    const { plan } = await dryRunImport(db, exported);
    for (const diff of Object.values(plan.kinds)) {
      expect(diff).toMatchObject({ added: [], changed: [], removed: [] });
    }
    const bundle = toBundle(fixture, new Date());
    expect(exported.options).toEqual(
      bundle.options!.map((o) => ({ ...o, created_at: expect.any(String) })),
    );
  });

  it("keeps an admin's edits through another load", async () => {
    const db = await migrated();
    await loadContent(db, fixture);
    await db
      .updateTable('scenarios')
      .set({ title: 'Edited by admin' })
      .where('id', '=', 'intro')
      .execute();
    await db.deleteFrom('news_items').where('id', '=', 'news-2').execute();
    await loadContent(db, fixture);
    const intro = await db
      .selectFrom('scenarios')
      .select('title')
      .where('id', '=', 'intro')
      .executeTakeFirstOrThrow();
    expect(intro.title).toBe('Edited by admin');
    const news = await db.selectFrom('news_items').select('id').execute();
    expect(news.map((n) => n.id)).toEqual(['news-1']);
  });

  it('round-trips JSON text byte for byte, booleans and timestamps', async () => {
    const db = await migrated();
    await loadContent(db, fixture);
    const rows = await readBack(db);

    const intro = rows.scenes.find((s) => s.id === 'intro')!;
    expect(intro.stats_config).toBe(JSON.stringify(statsConfig));
    expect(JSON.parse(intro.stats_config!)).toEqual(statsConfig);
    expect(rows.scenes.map((s) => [s.id, s.is_start, s.is_ending, s.is_end_of_day])).toEqual([
      ['end', false, true, true],
      ['intro', true, false, false],
    ]);
    expect(rows.scenes.find((s) => s.id === 'end')!.stats_config).toBeNull();

    const [a, b] = rows.choices;
    expect(a).toMatchObject({ id: 'intro-a', position: 0, required_stats: null });
    expect(a!.stats_changes).toBe(JSON.stringify(statsChanges));
    expect(b).toMatchObject({
      id: 'intro-b',
      position: 1,
      stats_changes: '{}',
      required_stats: '{"budget":50}',
      required_items: '["Credit Card"]',
      next_url: 'https://example.com/',
    });

    expect(rows.events.map((e) => [e.id, e.is_active, e.traffic_change])).toEqual([
      ['ev-off', false, 0],
      ['ev-on', true, -20],
    ]);
    expect(rows.ads.map((x) => [x.id, x.active, x.priority, x.cta_text])).toEqual([
      ['ad-off', false, 0, 'Learn More'],
      ['ad-on', true, 2, 'Learn More'],
    ]);
    expect(rows.news.map((n) => [n.id, n.active])).toEqual([
      ['news-1', true],
      ['news-2', false],
    ]);
    for (const n of rows.news) expect(n.created_at).toMatch(ISO);
    // The file lists news newest first.
    expect(rows.news[0]!.created_at > rows.news[1]!.created_at).toBe(true);
    expect(rows.settings).toEqual([
      ['seo_settings', JSON.stringify(fixture.settings.seo_settings)],
    ]);
    expect(rows.pages).toEqual([['about', '{"body":"Hi","sections":[]}']]);
  });
});

describe.runIf(testEngines.length > 1)('SQLite and PostgreSQL', () => {
  it('read back the same rows from the same content', async () => {
    const results = [];
    for (const engine of testEngines) {
      const open = await engine.open();
      try {
        await migrateToLatest(open.db, open.schema);
        await loadContent(open.db, fixture);
        const { news, ...rest } = await readBack(open.db);
        results.push({ ...rest, news: news.map(({ created_at, ...n }) => n) });
      } finally {
        await open.close();
      }
    }
    expect(results[1]).toEqual(results[0]);
  });
});
