import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from './column-types.ts';
import { createIndexes, dropTables, optional, required, timestamps } from './helpers.ts';

/** Creates every table of product rules "Content" plus players, choice_log and files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const falsy = isPostgres(db) ? sql`false` : sql`0`;
  const truthy = isPostgres(db) ? sql`true` : sql`1`;

  await db.schema
    .createTable('scenarios')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .$call(optional({ subtitle: 'text', description: 'text', image_url: 'text' }))
    .$call(optional({ html_section: 'text', reference: 'text', ai_instructions: 'text' }))
    .$call(optional({ stats_config: t.json, day: 'integer' }))
    .addColumn('is_end_of_day', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('is_ending', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('is_start', t.bool, (c) => c.notNull().defaultTo(falsy))
    .$call(timestamps(t))
    .execute();
  await createIndexes(db, 'scenarios', {
    scenarios_title_idx: 'title',
    scenarios_updated_at_idx: 'updated_at',
  });

  await db.schema
    .createTable('scenario_choices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scenario_id', 'text', (c) =>
      c.notNull().references('scenarios.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull())
    .$call(optional({ next_scenario_id: 'text', next_url: 'text' }))
    .$call(optional({ stats_changes: t.json, required_stats: t.json, required_items: t.json }))
    .$call(optional({ special_effects: t.json, button_icon: 'text' }))
    .$call(optional({ seo_ranking_change: 'integer', traffic_change: 'integer' }))
    .$call(optional({ knowledge_change: 'integer', happiness_change: 'integer' }))
    .$call(optional({ budget_change: 'integer', delusion_change: 'integer' }))
    .addColumn('revenue_change', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await createIndexes(db, 'scenario_choices', {
    scenario_choices_scenario_idx: ['scenario_id', 'position'],
    scenario_choices_next_idx: 'next_scenario_id',
  });

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .$call(required({ value: t.json, updated_at: t.timestamp }))
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .$call(required({ title: 'text', content: t.json, updated_at: t.timestamp }))
    .execute();

  await db.schema
    .createTable('sponsors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .$call(optional({ url: 'text', image_url: 'text' }))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('advertisements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .$call(optional({ description: 'text', image_url: 'text' }))
    .addColumn('cta_text', 'text', (c) => c.notNull().defaultTo('Learn More'))
    .addColumn('cta_link', 'text')
    .addColumn('active', t.bool, (c) => c.notNull().defaultTo(truthy))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  let events = db.schema
    .createTable('random_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ title: 'text', description: 'text' }))
    .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('image'))
    .$call(optional({ media_url: 'text', video_embed_code: 'text' }))
    .addColumn('frequency', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(truthy));
  for (const col of [
    'budget_change',
    'knowledge_change',
    'delusion_change',
    'revenue_change',
    'happiness_change',
    'traffic_change',
    'seo_ranking_change',
  ]) {
    events = events.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await events.addColumn('created_at', t.timestamp, (c) => c.notNull()).execute();

  await db.schema
    .createTable('news_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('active', t.bool, (c) => c.notNull().defaultTo(truthy))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('consultant_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .$call(optional({ company: 'text', specialty: 'text', bio: 'text' }))
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .$call(optional({ website_url: 'text', image_url: 'text' }))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .$call(timestamps(t))
    .execute();
  await createIndexes(db, 'consultant_submissions', {
    consultant_submissions_status_idx: 'status',
  });

  await db.schema
    .createTable('players')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('current_scene_id', 'text')
    .addColumn('stats', t.json, (c) => c.notNull())
    .addColumn('choice_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scene_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_event_at', t.timestamp)
    .addColumn('is_guest', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('pending', t.json)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps(t))
    .execute();

  await db.schema
    .createTable('choice_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ player_id: 'text', scene_id: 'text', option_id: 'text' }))
    .addColumn('next_scene_id', 'text')
    .$call(required({ stats_after: t.json, idempotency_key: 'text' }))
    .addColumn('is_guest', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('event_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('choice_log_player_key_uq', ['player_id', 'idempotency_key'])
    .execute();
  await createIndexes(db, 'choice_log', {
    choice_log_scene_idx: ['scene_id', 'created_at'],
    choice_log_created_idx: 'created_at',
  });

  await db.schema
    .createTable('files')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .$call(required({ ext: 'text', mime: 'text', bucket: 'text', size: 'integer' }))
    .$call(required({ width: 'integer', height: 'integer', data: t.blob, created_at: t.timestamp }))
    .execute();
}

/** Drops what up() created. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    [
      'files',
      'choice_log',
      'players',
      'consultant_submissions',
      'news_items',
      'random_events',
      'advertisements',
      'sponsors',
      'pages',
      'settings',
      'scenario_choices',
      'scenarios',
    ],
    { ifExists: true },
  );
}
