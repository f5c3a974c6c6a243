import {
  type Expression,
  type Kysely,
  PostgresAdapter,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type {
  AdminScene,
  SceneListResponse,
  SceneSummary,
  StatsReference,
} from '../../../core/api/admin-scenes.ts';
import { parseStatsConfig } from '../../../core/game/stats-config.ts';
import type { Database } from '../schema/database.ts';
import type { ScenariosTable } from '../schema/scenarios.ts';
import { bool, now } from './values.ts';

type Db = Kysely<Database>;

/** The editable columns of a scene, as the admin service writes them. */
export type SceneColumns = Pick<
  ScenariosTable,
  | 'title'
  | 'subtitle'
  | 'description'
  | 'image_url'
  | 'html_section'
  | 'reference'
  | 'ai_instructions'
  | 'day'
>;

/** True on PostgreSQL (ILIKE there; SQLite's LIKE is already case-insensitive for ASCII). */
const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Maps a scenarios row to the editor's scene; stats_config is parsed with core's rules. */
function toAdminScene(r: Selectable<ScenariosTable>): AdminScene {
  return {
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    description: r.description,
    imageUrl: r.image_url,
    htmlSection: r.html_section,
    reference: r.reference,
    aiInstructions: r.ai_instructions,
    day: r.day,
    isEnding: bool(r.is_ending),
    isEndOfDay: bool(r.is_end_of_day),
    isStart: bool(r.is_start),
    statsConfig: parseStatsConfig(r.stats_config),
    updatedAt: r.updated_at,
    version: Number(r.version ?? 1),
  };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the Scenes Management list, ordered by title (product rules "Data"), with the total count.
 * `q` searches title, description and id case-insensitively (ILIKE on PostgreSQL; SQLite's
 * LIKE already ignores ASCII case).
 */
export async function listScenes(
  db: Db,
  query: { q?: string; page: number; pageSize: number },
): Promise<SceneListResponse> {
  const q = query.q?.trim() ?? '';
  const op = sql.raw(isPostgres(db) ? 'ilike' : 'like');
  const pattern = containsPattern(q);
  const where = q
    ? sql<SqlBool>`(title ${op} ${pattern} escape '\\' or id ${op} ${pattern} escape '\\' or description ${op} ${pattern} escape '\\')`
    : sql<SqlBool>`1 = 1`;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('scenarios')
      .select(['id', 'title', 'subtitle', 'reference', 'is_start', 'updated_at'])
      .where(where)
      .orderBy('title')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('scenarios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const scenes: SceneSummary[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    reference: r.reference,
    isStart: bool(r.is_start),
    updatedAt: r.updated_at,
  }));
  return { scenes, total: Number(count.n), page: query.page, pageSize: query.pageSize };
}

/** One scene for the editor, or null. */
export async function getAdminScene(db: Db, id: string): Promise<AdminScene | null> {
  const row = await db.selectFrom('scenarios').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAdminScene(row) : null;
}

/** True when a scene with this id exists. */
export async function sceneExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('scenarios').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Inserts a new scene; the caller checked the id is free (inside its transaction). */
export async function insertScene(
  db: Db,
  scene: SceneColumns & {
    id: string;
    is_ending: boolean;
    is_end_of_day: boolean;
    stats_config: string | null;
  },
): Promise<void> {
  const at = now();
  await db
    .insertInto('scenarios')
    .values({ ...scene, is_start: false, created_at: at, updated_at: at })
    .execute();
}

/**
 * Updates a scene's fields (and stats_config when given) and raises its version. With `version`,
 * only when the stored version is still that one (compare-and-set, so two saves from one version
 * cannot both pass). False when nothing was updated: the scene is missing or was saved since.
 */
export async function updateScene(
  db: Db,
  id: string,
  fields: SceneColumns & { is_ending: boolean; is_end_of_day: boolean; stats_config?: string },
  version?: number,
): Promise<boolean> {
  let q = db
    .updateTable('scenarios')
    .set((eb) => ({ ...fields, updated_at: now(), version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Raises a scene's version (its options changed); false when the scene does not exist. */
export async function touchScene(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('scenarios')
    .set((eb) => ({ updated_at: now(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Raises the version of each of these scenes (an import or its undo rewrote them), leaving
 * `updated_at` as the file set it, so an export after an undo equals the one before the import.
 */
export async function touchScenes(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('scenarios')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

/** The scenes these options belong to (each once). */
export async function scenesOfOptions(db: Db, optionIds: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < optionIds.length; i += 500) {
    const rows = await db
      .selectFrom('scenario_choices')
      .select('scenario_id')
      .where('id', 'in', optionIds.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.scenario_id);
  }
  return [...found];
}

/** Stores a scene's stats_config (JSON text); false when the scene does not exist. */
export async function saveStatsConfig(db: Db, id: string, configJson: string): Promise<boolean> {
  const r = await db
    .updateTable('scenarios')
    .set((eb) => ({ stats_config: configJson, updated_at: now(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The stats_config as stored now, raw (for the save-and-verify step). */
export async function readStatsConfig(db: Db, id: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('scenarios')
    .select('stats_config')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.stats_config;
}

/**
 * Makes `id` the one initial scene: clears is_start everywhere else, then sets it. Run it inside
 * a transaction so nobody ever sees zero or two initial scenes. False when the scene is missing.
 * On PostgreSQL it first takes a transaction lock: two concurrent 'Set as Initial Scene'
 * transactions would otherwise each clear the other's old row and both set their own (SQLite runs
 * one write transaction at a time already).
 */
export async function markInitialScene(db: Db, id: string): Promise<boolean> {
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(hashtext('seo-adventure:initial-scene'))`.execute(db);
  }
  await db
    .updateTable('scenarios')
    .set({ is_start: false })
    .where('is_start', '=', true)
    .where('id', '!=', id)
    .execute();
  const r = await db
    .updateTable('scenarios')
    .set({ is_start: true, updated_at: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a scene and its options (run it in a transaction); false when it did not exist. */
export async function deleteSceneWithOptions(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('scenario_choices').where('scenario_id', '=', id).execute();
  const r = await db.deleteFrom('scenarios').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The latest scenes with a usable stats_config, newest first (product rules "Data": at most 10), for the
 * previous-scene reference table. Rows whose config is unusable are skipped, so a few more
 * are read than shown.
 */
export async function listStatsReferences(
  db: Db,
  limit: number,
  exclude?: string,
): Promise<StatsReference[]> {
  let query = db
    .selectFrom('scenarios')
    .select(['id', 'title', 'stats_config'])
    .where('stats_config', 'is not', null)
    .where('stats_config', 'not in', ['', 'null', '[]'])
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit * 2);
  if (exclude) query = query.where('id', '!=', exclude);
  const out: StatsReference[] = [];
  for (const r of await query.execute()) {
    const statsConfig = parseStatsConfig(r.stats_config);
    if (statsConfig) out.push({ id: r.id, title: r.title, statsConfig });
    if (out.length === limit) break;
  }
  return out;
}

/** Titles of the given scenes (for option lists), by id. */
export async function sceneTitles(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('scenarios')
    .select(['id', 'title'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * Scenes a placeholder label might name (product rules "Play"), for core's matchExistingScene to choose from:
 * the scene whose id is the trimmed label or its slug, and every scene whose title holds the
 * slug's letters in order (a superset of the titles with that slug, since slugify only drops
 * characters). Keeps the candidates few with 10,000 scenes.
 */
export async function placeholderCandidates(
  db: Db,
  label: string,
  slug: string,
): Promise<{ id: string; title: string }[]> {
  const op = sql.raw(isPostgres(db) ? 'ilike' : 'like');
  const chars = slug.replace(/[^a-z0-9]/g, '');
  const ids = [...new Set([label.trim(), slug])].filter(Boolean);
  const rows = await db
    .selectFrom('scenarios')
    .select(['id', 'title'])
    .where((eb) => {
      const ors: Expression<SqlBool>[] = [eb('id', 'in', ids.length ? ids : [''])];
      if (slug) ors.push(eb(eb.fn('lower', ['id']), '=', slug));
      if (chars) ors.push(sql<SqlBool>`title ${op} ${`%${[...chars].join('%')}%`}`);
      return eb.or(ors);
    })
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows;
}
