import type { Kysely, Selectable } from 'kysely';
import type { AdminOption, StatChangesInput } from '../../../core/api/admin-scene-options.ts';
import { optionStatChanges } from '../../../core/game/change-columns.ts';
import { isPendingLink } from '../../../core/game/links.ts';
import { toItemList, toNumber, toRecord } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import type { Database } from '../schema/database.ts';
import type { ScenarioChoicesTable } from '../schema/scenario-choices.ts';
import { json, now, toJson } from './values.ts';

type Db = Kysely<Database>;

/** The columns of an option the admin dialog writes. */
export interface OptionColumns {
  text: string;
  why: string | null;
  next_scenario_id: string | null;
  next_url: string | null;
  stats_changes: StatChangesInput;
  required_stats: Record<string, number> | null;
  required_items: string[] | null;
}

/** The older `*_change` columns, cleared on every admin save: stats_changes is the one truth. */
const NO_LEGACY_CHANGES = {
  seo_ranking_change: null,
  traffic_change: null,
  knowledge_change: null,
  happiness_change: null,
  budget_change: null,
  delusion_change: null,
  revenue_change: null,
} as const;

/** The stored columns of an option the dialog saved (JSON as text, the older columns cleared). */
function optionValues(option: OptionColumns) {
  return {
    text: option.text,
    why: option.why,
    next_scenario_id: option.next_scenario_id,
    next_url: option.next_url,
    stats_changes: JSON.stringify(option.stats_changes),
    required_stats: toJson(option.required_stats),
    required_items: toJson(option.required_items),
    ...NO_LEGACY_CHANGES,
  };
}

function readRequiredStats(raw: string | null): Record<string, number> | null {
  const rec = toRecord(raw);
  if (!rec) return null;
  const out: Record<string, number> = {};
  for (const key of STAT_KEYS) {
    if (rec[key] !== undefined && rec[key] !== null) out[key] = toNumber(rec[key]);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Maps an option row for the editor; stat changes merge the older columns (core's rule). */
export function toAdminOption(
  r: Selectable<ScenarioChoicesTable>,
  titles: Map<string, string>,
): AdminOption {
  const items = toItemList(json<unknown>(r.required_items, null));
  return {
    id: r.id,
    sceneId: r.scenario_id,
    position: r.position,
    text: r.text,
    why: r.why,
    nextSceneId: r.next_scenario_id,
    nextUrl: r.next_url,
    nextSceneTitle: r.next_scenario_id ? (titles.get(r.next_scenario_id) ?? null) : null,
    isPending: isPendingLink(r.next_scenario_id),
    isBroken:
      r.next_scenario_id !== null &&
      !isPendingLink(r.next_scenario_id) &&
      !titles.has(r.next_scenario_id),
    statChanges: optionStatChanges(r),
    requiredStats: readRequiredStats(r.required_stats),
    requiredItems: items.length > 0 ? items : null,
  };
}

/** A scene's option rows in their order. */
export function optionRows(db: Db, sceneId: string): Promise<Selectable<ScenarioChoicesTable>[]> {
  return db
    .selectFrom('scenario_choices')
    .selectAll()
    .where('scenario_id', '=', sceneId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One option row of a scene, or undefined. */
export function optionRow(
  db: Db,
  sceneId: string,
  optionId: string,
): Promise<Selectable<ScenarioChoicesTable> | undefined> {
  return db
    .selectFrom('scenario_choices')
    .selectAll()
    .where('scenario_id', '=', sceneId)
    .where('id', '=', optionId)
    .executeTakeFirst();
}

/** Adds an option at the end of a scene's list. */
export async function insertOption(
  db: Db,
  sceneId: string,
  id: string,
  option: OptionColumns,
): Promise<void> {
  const last = await db
    .selectFrom('scenario_choices')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('scenario_id', '=', sceneId)
    .executeTakeFirst();
  const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  await db
    .insertInto('scenario_choices')
    .values({
      id,
      scenario_id: sceneId,
      position,
      ...optionValues(option),
      special_effects: null,
      button_icon: null,
      created_at: now(),
    })
    .execute();
}

/** Rewrites an option; false when the scene has no such option. */
export async function updateOption(
  db: Db,
  sceneId: string,
  optionId: string,
  option: OptionColumns,
): Promise<boolean> {
  const r = await db
    .updateTable('scenario_choices')
    .set(optionValues(option))
    .where('scenario_id', '=', sceneId)
    .where('id', '=', optionId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Sets an option's place in its scene's list. */
export async function setOptionPosition(db: Db, optionId: string, position: number): Promise<void> {
  await db.updateTable('scenario_choices').set({ position }).where('id', '=', optionId).execute();
}

/** Deletes one option of a scene; false when there was none. */
export async function deleteOption(db: Db, sceneId: string, optionId: string): Promise<boolean> {
  const r = await db
    .deleteFrom('scenario_choices')
    .where('scenario_id', '=', sceneId)
    .where('id', '=', optionId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Options of other scenes that lead to `sceneId`, with their scene's title (what a delete breaks). */
export async function incomingOptions(
  db: Db,
  sceneId: string,
): Promise<{ sceneId: string; sceneTitle: string; optionId: string; optionText: string }[]> {
  const rows = await db
    .selectFrom('scenario_choices as c')
    .innerJoin('scenarios as s', 's.id', 'c.scenario_id')
    .select(['c.scenario_id', 's.title', 'c.id', 'c.text'])
    .where('c.next_scenario_id', '=', sceneId)
    .where('c.scenario_id', '!=', sceneId)
    .orderBy('s.title')
    .orderBy('c.position')
    .execute();
  return rows.map((r) => ({
    sceneId: r.scenario_id,
    sceneTitle: r.title,
    optionId: r.id,
    optionText: r.text,
  }));
}

/**
 * Points every option leading to one of `from` at `to` instead: a deleted scene's incoming options
 * become a placeholder, and placeholders waiting for a scene now created are connected to it.
 * Returns how many options changed.
 */
export async function relinkOptions(db: Db, from: string[], to: string): Promise<number> {
  if (from.length === 0) return 0;
  const r = await db
    .updateTable('scenario_choices')
    .set({ next_scenario_id: to })
    .where('next_scenario_id', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
