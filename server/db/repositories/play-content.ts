import type { Kysely } from 'kysely';
import {
  DEFAULT_FONT_SETTINGS,
  type FontSettings,
  fontSettingsSchema,
} from '../../../core/api/play.ts';
import { START_SCENE_IDS } from '../../../core/game/start-scene.ts';
import type { Database } from '../schema/database.ts';
import { bool, json } from './values.ts';

/** A scene as play needs it: never `reference` or `ai_instructions` (they are not even selected). */
export interface PlaySceneRow {
  id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  image_url: string | null;
  has_html: boolean;
  /** Raw stats_config (array or string), for core's parseStatsConfig. */
  stats_config: unknown;
  day: number | null;
  is_end_of_day: boolean;
  is_ending: boolean;
  is_start: boolean;
}

/** An option as play needs it, in core's ChoiceOption shape (JSON columns parsed). */
export interface PlayOptionRow {
  id: string;
  scenario_id: string;
  text: string;
  /** Why the option helped or hurt: said with the change line after the choice, never before. */
  why: string | null;
  next_scenario_id: string | null;
  next_url: string | null;
  stats_changes: unknown;
  required_stats: unknown;
  required_items: unknown;
  button_icon: string | null;
  seo_ranking_change: number | null;
  traffic_change: number | null;
  knowledge_change: number | null;
  happiness_change: number | null;
  budget_change: number | null;
  delusion_change: number | null;
  revenue_change: number | null;
}

const SCENE_COLUMNS = [
  'id',
  'title',
  'subtitle',
  'description',
  'image_url',
  'html_section',
  'stats_config',
  'day',
  'is_end_of_day',
  'is_ending',
  'is_start',
] as const;

/** One scene for players, or null when it does not exist. */
export async function getPlayScene(db: Kysely<Database>, id: string): Promise<PlaySceneRow | null> {
  const r = await db
    .selectFrom('scenarios')
    .select(SCENE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    description: r.description,
    image_url: r.image_url,
    has_html: typeof r.html_section === 'string' && r.html_section.trim() !== '',
    stats_config: json<unknown>(r.stats_config, null),
    day: r.day,
    is_end_of_day: bool(r.is_end_of_day),
    is_ending: bool(r.is_ending),
    is_start: bool(r.is_start),
  };
}

/** A scene's html_section (the experimental embedded HTML), or null when the scene does not exist. */
export async function getSceneHtml(
  db: Kysely<Database>,
  id: string,
): Promise<{ html: string } | null> {
  const r = await db
    .selectFrom('scenarios')
    .select('html_section')
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { html: r.html_section ?? '' } : null;
}

/** A scene's options in their stored order, or only the one with `optionId`. */
export async function listPlayOptions(
  db: Kysely<Database>,
  sceneId: string,
  optionId?: string,
): Promise<PlayOptionRow[]> {
  let q = db
    .selectFrom('scenario_choices')
    .select([
      'id',
      'scenario_id',
      'text',
      'why',
      'next_scenario_id',
      'next_url',
      'stats_changes',
      'required_stats',
      'required_items',
      'button_icon',
      'seo_ranking_change',
      'traffic_change',
      'knowledge_change',
      'happiness_change',
      'budget_change',
      'delusion_change',
      'revenue_change',
    ])
    .where('scenario_id', '=', sceneId);
  if (optionId !== undefined) q = q.where('id', '=', optionId);
  const rows = await q.orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({
    ...r,
    stats_changes: json<unknown>(r.stats_changes, null),
    required_stats: json<unknown>(r.required_stats, null),
    required_items: json<unknown>(r.required_items, null),
  }));
}

/** A scene candidate for core's start and fallback rules. */
export interface SceneCandidate {
  id: string;
  is_start: boolean;
  optionCount: number;
}

/**
 * The few scenes core's start/fallback rules can pick, without reading every scene: the first
 * scene (oldest, then by id) first, then the flagged start scene, then 'intro', 'INTRO', 'start'.
 * Because core looks for a flagged scene and the named ids before it takes the first one, this
 * short list gives the same answer as the whole table.
 */
export async function listStartCandidates(db: Kysely<Database>): Promise<SceneCandidate[]> {
  const first = db
    .selectFrom('scenarios')
    .select(['id', 'is_start'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  const flagged = db
    .selectFrom('scenarios')
    .select(['id', 'is_start'])
    .where('is_start', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  const named = db
    .selectFrom('scenarios')
    .select(['id', 'is_start'])
    .where('id', 'in', [...START_SCENE_IDS]);
  const rows = [
    ...(await first.execute()),
    ...(await flagged.execute()),
    ...(await named.execute()),
  ];
  const seen = new Set<string>();
  const out: SceneCandidate[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    out.push({ id: r.id, is_start: bool(r.is_start), optionCount: -1 });
  }
  const head = out[0];
  if (head) {
    const c = await db
      .selectFrom('scenario_choices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scenario_id', '=', head.id)
      .executeTakeFirst();
    head.optionCount = Number(c?.n ?? 0);
  }
  return out;
}

/** The repairs of core's pickStartScene: mark the scene as start, give it the default option. */
export async function repairStartScene(
  db: Kysely<Database>,
  sceneId: string,
  defaultOption: {
    text: string;
    next_scenario_id: string;
    stats_changes: unknown;
    budget_change: number;
    knowledge_change: number;
  } | null,
): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('scenarios')
      .set({ is_start: false })
      .where('is_start', '=', true)
      .execute();
    await trx
      .updateTable('scenarios')
      .set({ is_start: true, updated_at: at })
      .where('id', '=', sceneId)
      .execute();
    if (!defaultOption) return;
    await trx
      .insertInto('scenario_choices')
      .values({
        id: `${sceneId}--continue`,
        scenario_id: sceneId,
        position: 0,
        text: defaultOption.text,
        next_scenario_id: defaultOption.next_scenario_id,
        next_url: null,
        stats_changes: JSON.stringify(defaultOption.stats_changes),
        required_stats: null,
        required_items: null,
        special_effects: null,
        button_icon: null,
        seo_ranking_change: null,
        traffic_change: null,
        knowledge_change: defaultOption.knowledge_change,
        happiness_change: null,
        budget_change: defaultOption.budget_change,
        delusion_change: null,
        revenue_change: null,
        created_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}

/** Active random events, newest first (the order core's pickSignedInEvent expects). */
export async function listActiveEvents(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('random_events')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, is_active: bool(r.is_active) }));
}

/** Active advertisements, highest priority first (product rules "Data"). */
export async function listActiveAds(db: Kysely<Database>) {
  return db
    .selectFrom('advertisements')
    .select(['id', 'title', 'description', 'image_url', 'cta_text', 'cta_link', 'priority'])
    .where('active', '=', true)
    .orderBy('priority', 'desc')
    .orderBy('id')
    .execute();
}

/** Active news items, newest first (the ticker). */
export async function listActiveNews(db: Kysely<Database>) {
  return db
    .selectFrom('news_items')
    .select(['id', 'content', 'link', 'created_at'])
    .where('active', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Sponsors, newest first. */
export async function listPlaySponsors(db: Kysely<Database>) {
  return db
    .selectFrom('sponsors')
    .select(['id', 'name', 'url', 'image_url'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * font_settings, each slot checked: a stored slot that is missing or malformed gets its product rules "Limits"
 * default, so a half-saved setting never breaks the game screens.
 */
export async function getFontSettings(db: Kysely<Database>): Promise<FontSettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'font_settings')
    .executeTakeFirst();
  const stored = json<Record<string, unknown> | null>(row?.value, null) ?? {};
  const slot = (name: keyof FontSettings) => {
    const parsed = fontSettingsSchema.shape[name].safeParse(stored[name]);
    return parsed.success ? parsed.data : { ...DEFAULT_FONT_SETTINGS[name] };
  };
  return {
    title: slot('title'),
    subtitle: slot('subtitle'),
    content: slot('content'),
    choices: slot('choices'),
  };
}
