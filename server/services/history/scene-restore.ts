import type { Kysely } from 'kysely';
import { sceneExists, updateScene } from '../../db/repositories/scenes-admin.ts';
import type { Database } from '../../db/schema/database.ts';
import { loadSceneWithOptions, SceneConflictError, sceneNotFound } from '../scenes/scene-admin.ts';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * Writes a revision's scene fields over the stored scene (its id, map place and initial flag
 * stay), raising its version like a save. With `version`, a scene saved by someone else since
 * is not touched: SceneConflictError carries what they saved (the save rule of migration 007).
 */
export async function restoreSceneRow(
  db: Kysely<Database>,
  id: string,
  row: Record<string, unknown>,
  version?: number,
): Promise<void> {
  const fields = {
    title: String(row.title ?? ''),
    subtitle: text(row.subtitle),
    description: text(row.description),
    image_url: text(row.image_url),
    html_section: text(row.html_section),
    reference: text(row.reference),
    ai_instructions: text(row.ai_instructions),
    day: typeof row.day === 'number' ? row.day : null,
    is_ending: row.is_ending === true,
    is_end_of_day: row.is_end_of_day === true,
    ...(row.stats_config == null ? {} : { stats_config: JSON.stringify(row.stats_config) }),
  };
  if (await updateScene(db, id, fields, version)) {
    // A revision without stats leaves the scene without stats, not with today's.
    if (row.stats_config == null) {
      await db.updateTable('scenarios').set({ stats_config: null }).where('id', '=', id).execute();
    }
    return;
  }
  if (version === undefined || !(await sceneExists(db, id))) throw sceneNotFound(id);
  throw new SceneConflictError(await loadSceneWithOptions(db, id));
}
