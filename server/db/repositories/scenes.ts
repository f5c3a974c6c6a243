import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { ScenarioChoicesTable } from '../schema/scenario-choices.ts';
import type { ScenariosTable } from '../schema/scenarios.ts';
import { bool, json } from './values.ts';

export interface Scene {
  id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  imageUrl: string | null;
  htmlSection: string | null;
  reference: string | null;
  aiInstructions: string | null;
  statsConfig: unknown;
  day: number | null;
  isEndOfDay: boolean;
  isEnding: boolean;
  isStart: boolean;
  updatedAt: string;
}

export interface SceneOption {
  id: string;
  sceneId: string;
  position: number;
  text: string;
  nextSceneId: string | null;
  nextUrl: string | null;
  statsChanges: Record<string, unknown>;
  requiredStats: Record<string, number> | null;
  requiredItems: string[] | null;
}

/** Maps a scenarios row; stats_config stays raw (array or string) for core's parseStatsConfig. */
const toScene = (r: Selectable<ScenariosTable>): Scene => ({
  id: r.id,
  title: r.title,
  subtitle: r.subtitle,
  description: r.description,
  imageUrl: r.image_url,
  htmlSection: r.html_section,
  reference: r.reference,
  aiInstructions: r.ai_instructions,
  statsConfig: json<unknown>(r.stats_config, null),
  day: r.day,
  isEndOfDay: bool(r.is_end_of_day),
  isEnding: bool(r.is_ending),
  isStart: bool(r.is_start),
  updatedAt: r.updated_at,
});

/** Maps a scenario_choices row. */
const toOption = (r: Selectable<ScenarioChoicesTable>): SceneOption => ({
  id: r.id,
  sceneId: r.scenario_id,
  position: r.position,
  text: r.text,
  nextSceneId: r.next_scenario_id,
  nextUrl: r.next_url,
  statsChanges: json<Record<string, unknown>>(r.stats_changes, {}),
  requiredStats: json<Record<string, number> | null>(r.required_stats, null),
  requiredItems: json<string[] | null>(r.required_items, null),
});

/** One scene by id, or null. */
export async function getScene(db: Kysely<Database>, id: string): Promise<Scene | null> {
  const row = await db.selectFrom('scenarios').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toScene(row) : null;
}

/** A scene's options in their order. */
export async function listOptions(db: Kysely<Database>, sceneId: string): Promise<SceneOption[]> {
  const rows = await db
    .selectFrom('scenario_choices')
    .selectAll()
    .where('scenario_id', '=', sceneId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toOption);
}

/** Deletes a scene; its options go with it (foreign key cascade). False when it did not exist. */
export async function deleteScene(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('scenarios').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
