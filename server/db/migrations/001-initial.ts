import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from './column-types.ts';

/** Creates every table of product rules "Content" plus players, choice_log and files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const falsy = isPostgres(db) ? sql`false` : sql`0`;
  const truthy = isPostgres(db) ? sql`true` : sql`1`;

  await db.schema
    .createTable('scenarios')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('html_section', 'text')
    .addColumn('reference', 'text')
    .addColumn('ai_instructions', 'text')
    .addColumn('stats_config', t.json)
    .addColumn('day', 'integer')
    .addColumn('is_end_of_day', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('is_ending', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('is_start', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scenarios_title_idx').on('scenarios').column('title').execute();
  await db.schema
    .createIndex('scenarios_updated_at_idx')
    .on('scenarios')
    .column('updated_at')
    .execute();

  await db.schema
    .createTable('scenario_choices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scenario_id', 'text', (c) =>
      c.notNull().references('scenarios.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('next_scenario_id', 'text')
    .addColumn('next_url', 'text')
    .addColumn('stats_changes', t.json)
    .addColumn('required_stats', t.json)
    .addColumn('required_items', t.json)
    .addColumn('special_effects', t.json)
    .addColumn('button_icon', 'text')
    .addColumn('seo_ranking_change', 'integer')
    .addColumn('traffic_change', 'integer')
    .addColumn('knowledge_change', 'integer')
    .addColumn('happiness_change', 'integer')
    .addColumn('budget_change', 'integer')
    .addColumn('delusion_change', 'integer')
    .addColumn('revenue_change', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scenario_choices_scenario_idx')
    .on('scenario_choices')
    .columns(['scenario_id', 'position'])
    .execute();
  await db.schema
    .createIndex('scenario_choices_next_idx')
    .on('scenario_choices')
    .column('next_scenario_id')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sponsors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('advertisements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('cta_text', 'text', (c) => c.notNull().defaultTo('Learn More'))
    .addColumn('cta_link', 'text')
    .addColumn('active', t.bool, (c) => c.notNull().defaultTo(truthy))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  let events = db.schema
    .createTable('random_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('image'))
    .addColumn('media_url', 'text')
    .addColumn('video_embed_code', 'text')
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
    .addColumn('company', 'text')
    .addColumn('specialty', 'text')
    .addColumn('bio', 'text')
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('website_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consultant_submissions_status_idx')
    .on('consultant_submissions')
    .column('status')
    .execute();

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
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('choice_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('scene_id', 'text', (c) => c.notNull())
    .addColumn('option_id', 'text', (c) => c.notNull())
    .addColumn('next_scene_id', 'text')
    .addColumn('stats_after', t.json, (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('is_guest', t.bool, (c) => c.notNull().defaultTo(falsy))
    .addColumn('event_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('choice_log_player_key_uq', ['player_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('choice_log_scene_idx')
    .on('choice_log')
    .columns(['scene_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('choice_log_created_idx')
    .on('choice_log')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', t.blob, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

/** Drops what up() created. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
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
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
