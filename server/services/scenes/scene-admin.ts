import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AdminOption } from '../../../core/api/admin-scene-options.ts';
import {
  type AdminScene,
  type createSceneSchema,
  SCENE_MESSAGES,
  type SceneListResponse,
  type SceneWithOptions,
  STATS_REFERENCE_LIMIT,
  type StatDefinitionInput,
  type StatsReference,
  type sceneFieldsSchema,
  type updateSceneSchema,
} from '../../../core/api/admin-scenes.ts';
import type { Author } from '../../../core/api/history.ts';
import { toPendingId } from '../../../core/game/links.ts';
import type { StatDefinition } from '../../../core/game/stats.types.ts';
import { parseStatsConfig, validateStatsConfig } from '../../../core/game/stats-config.ts';
import { incomingOptions, relinkOptions } from '../../db/repositories/scene-options-admin.ts';
import {
  deleteSceneWithOptions,
  getAdminScene,
  insertScene,
  listScenes,
  listStatsReferences,
  markInitialScene,
  readStatsConfig,
  type SceneColumns,
  saveStatsConfig,
  sceneExists,
  updateScene,
} from '../../db/repositories/scenes-admin.ts';
import { bool } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { deleteTracked, sceneChange, writeTracked } from '../history/record.ts';
import { addOptions, listAdminOptions, syncOptions } from './option-admin.ts';

type Db = Kysely<Database>;
type Fields = z.output<typeof sceneFieldsSchema>;

/** 404 with the spec's wording (product rules "Messages" 'Scene admin'). */
export const sceneNotFound = (id: string) =>
  new HttpError(404, `The scene "${id}" could not be found`);

function columns(f: Fields): SceneColumns & { is_ending: boolean; is_end_of_day: boolean } {
  return {
    title: f.title,
    subtitle: f.subtitle,
    description: f.description,
    image_url: f.imageUrl,
    html_section: f.htmlSection,
    reference: f.reference,
    ai_instructions: f.aiInstructions,
    day: f.day ?? null,
    is_ending: f.isEnding,
    is_end_of_day: f.isEndOfDay,
  };
}

/**
 * The stats table as stored: checked by core's validateStatsConfig (an empty table stores the
 * product rules "Limits" 'Defaults when saving a scene with no stats'); its messages become one 400.
 */
function statsConfigJson(list: StatDefinitionInput[]): string {
  const result = validateStatsConfig(list);
  if (!result.ok) throw new HttpError(400, result.errors.join('; '));
  return JSON.stringify(result.config);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23505' || /^SQLITE_CONSTRAINT/.test(e?.code ?? '');
}

/** A scene and its options, 404 when missing. */
export async function loadSceneWithOptions(db: Db, id: string): Promise<SceneWithOptions> {
  const scene = await getAdminScene(db, id);
  if (!scene) throw sceneNotFound(id);
  return { scene, options: await listAdminOptions(db, id) };
}

/**
 * Creates a scene with its options in one transaction (product rules "Play" 'Scene save'). A taken id gives
 * 'Scene ID already exists in the database'; `isStart` makes it the one initial scene; options
 * elsewhere waiting for this scene as a placeholder (pending-{id} or pending-{title slug}) are
 * connected to it.
 */
export async function createScene(
  db: Db,
  input: z.output<typeof createSceneSchema>,
  author: Author | null,
): Promise<SceneWithOptions> {
  // The initial-scene rule (docs/product-rules.md): a game never starts on an ending.
  if (input.isStart && input.isEnding) throw new HttpError(422, SCENE_MESSAGES.endingAsStart);
  try {
    await writeTracked(db, sceneChange(input.id, author), 'create', async (trx) => {
      if (await sceneExists(trx, input.id)) throw new HttpError(409, SCENE_MESSAGES.idTaken);
      await insertScene(trx, {
        id: input.id,
        ...columns(input),
        stats_config: input.statsConfig ? statsConfigJson(input.statsConfig) : null,
      });
      await addOptions(trx, input.id, input.options);
      await relinkOptions(
        trx,
        [...new Set([toPendingId(input.id), toPendingId(input.title)])],
        input.id,
      );
      if (input.isStart) await markInitialScene(trx, input.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, SCENE_MESSAGES.idTaken);
    throw err;
  }
  return loadSceneWithOptions(db, input.id);
}

/** A save from an older version than the stored one: carries the scene as it is now. */
export class SceneConflictError extends HttpError {
  constructor(readonly current: SceneWithOptions) {
    super(409, SCENE_MESSAGES.conflict, 'SCENE_CONFLICT');
  }
}

/**
 * Saves a scene in one transaction: its fields, its stats when sent, its whole option list when
 * sent, and appended draft options. With `version`, a scene saved by someone else since is not
 * touched: SceneConflictError carries what they saved.
 */
export async function editScene(
  db: Db,
  id: string,
  input: z.output<typeof updateSceneSchema>,
  author: Author | null,
): Promise<SceneWithOptions> {
  await writeTracked(db, sceneChange(id, author), 'save', async (trx) => {
    const stats = input.statsConfig ? statsConfigJson(input.statsConfig) : undefined;
    const fields = { ...columns(input), ...(stats === undefined ? {} : { stats_config: stats }) };
    if (input.isEnding && (await startFlags(trx, id))?.isStart) {
      throw new HttpError(422, SCENE_MESSAGES.startAsEnding);
    }
    if (!(await updateScene(trx, id, fields, input.version))) {
      if (input.version === undefined || !(await sceneExists(trx, id))) throw sceneNotFound(id);
      throw new SceneConflictError(await loadSceneWithOptions(trx, id));
    }
    if (input.options) await syncOptions(trx, id, input.options);
    await addOptions(trx, id, input.addOptions);
  });
  return loadSceneWithOptions(db, id);
}

/** Whether a scene is the initial scene and whether it is an ending; null when it does not exist. */
async function startFlags(db: Db, id: string) {
  const row = await db
    .selectFrom('scenarios')
    .select(['is_start', 'is_ending'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { isStart: bool(row.is_start), isEnding: bool(row.is_ending) } : null;
}

/**
 * 'Set as Initial Scene': clears every other initial flag and sets this one, atomically. An
 * ending is refused (a game would end before its first choice).
 */
export async function setInitialScene(db: Db, id: string, author: Author | null): Promise<void> {
  await writeTracked(db, sceneChange(id, author), 'save', async (trx) => {
    const flags = await startFlags(trx, id);
    if (!flags) throw sceneNotFound(id);
    if (flags.isEnding) throw new HttpError(422, SCENE_MESSAGES.endingAsStart);
    if (!(await markInitialScene(trx, id))) throw sceneNotFound(id);
  });
}

/** The options of other scenes that lead to this one (listed before a delete); 404 when missing. */
export async function listIncomingLinks(db: Db, id: string) {
  if (!(await sceneExists(db, id))) throw sceneNotFound(id);
  return incomingOptions(db, id);
}

/**
 * Deletes a scene and its options ('Scene Deleted'). With `links: 'placeholder'` the options of
 * other scenes that led to it become placeholders (pending-{id}) in the same transaction, so
 * they show as 'not yet written' instead of broken, and join a scene created again with that id.
 */
export async function removeScene(
  db: Db,
  id: string,
  links: 'keep' | 'placeholder',
  author: Author | null,
): Promise<void> {
  await deleteTracked(db, sceneChange(id, author), async (trx) => {
    if (!(await deleteSceneWithOptions(trx, id))) throw sceneNotFound(id);
    if (links === 'placeholder') await relinkOptions(trx, [id], toPendingId(id));
  });
}

/**
 * 'Save Stats Configuration': stores the checked table, then reads stats_config back so the
 * editor can verify it (product rules "Play" 'stats_config re-read to verify'). Null means nothing usable
 * was stored, which the editor reports as 'Stats may not have been saved correctly'.
 */
export async function saveSceneStats(
  db: Db,
  id: string,
  list: StatDefinitionInput[],
  author: Author | null,
): Promise<StatDefinition[] | null> {
  const json = statsConfigJson(list);
  return writeTracked(db, sceneChange(id, author), 'save', async (trx) => {
    if (!(await saveStatsConfig(trx, id, json))) throw sceneNotFound(id);
    return parseStatsConfig(await readStatsConfig(trx, id));
  });
}

/** One scene for the editor, 404 when missing. */
export async function loadScene(db: Db, id: string): Promise<AdminScene> {
  const scene = await getAdminScene(db, id);
  if (!scene) throw sceneNotFound(id);
  return scene;
}

/** One page of the Scenes Management list, ordered by title; `q` searches title, description, id. */
export function listScenePage(
  db: Db,
  query: { q?: string; page: number; pageSize: number },
): Promise<SceneListResponse> {
  return listScenes(db, query);
}

/** A scene's options in their order, 404 when the scene is missing. */
export async function listSceneOptions(db: Db, id: string): Promise<AdminOption[]> {
  if (!(await sceneExists(db, id))) throw sceneNotFound(id);
  return listAdminOptions(db, id);
}

/** The latest scenes with a stats configuration (the previous-scene reference table). */
export function listStatsReferenceScenes(db: Db, exclude?: string): Promise<StatsReference[]> {
  return listStatsReferences(db, STATS_REFERENCE_LIMIT, exclude);
}
