import type { Kysely } from 'kysely';
import type { MapPositionsInput, StoryMapResponse } from '../../../core/api/story.ts';
import { analyzeStory, type MapScene } from '../../../core/story/graph.ts';
import { bool } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';

/**
 * The whole story as a graph for /admin/story-map: two narrow selects (no descriptions or HTML),
 * classified by core's analyzeStory. Layout is the browser's job (a Web Worker), so this stays a
 * few milliseconds of SQL and one linear pass even with 10,000 scenes.
 */
export async function readStoryMap(db: Kysely<Database>): Promise<StoryMapResponse> {
  const sceneRows = await db
    .selectFrom('scenarios')
    .select(['id', 'title', 'is_start', 'is_ending', 'is_end_of_day', 'map_x', 'map_y'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const optionRows = await db
    .selectFrom('scenario_choices')
    .select(['id', 'scenario_id', 'text', 'next_scenario_id', 'next_url'])
    .orderBy('scenario_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const scenes: (MapScene & { x: number | null; y: number | null })[] = sceneRows.map((r) => ({
    id: r.id,
    title: r.title,
    isStart: bool(r.is_start),
    isEnding: bool(r.is_ending),
    isEndOfDay: bool(r.is_end_of_day),
    // PostgreSQL's real comes back as a number; a position is saved as a pair or not at all.
    x: r.map_x === null || r.map_y === null ? null : Number(r.map_x),
    y: r.map_x === null || r.map_y === null ? null : Number(r.map_y),
  }));
  const analysis = analyzeStory(
    scenes,
    optionRows.map((r) => ({
      id: r.id,
      sceneId: r.scenario_id,
      text: r.text,
      target: r.next_scenario_id,
      url: r.next_url,
    })),
  );
  return { scenes, ...analysis };
}

/**
 * Saves where the author dragged boxes (null: back to the automatic layout), in one transaction.
 * A position is not part of a scene's text, so its version is not raised: moving a box never
 * makes an open editor's save conflict. Ids without a scene are returned, not saved.
 */
export async function saveMapPositions(
  db: Kysely<Database>,
  input: MapPositionsInput,
): Promise<{ saved: number; unknown: string[] }> {
  return db.transaction().execute(async (trx) => {
    const unknown: string[] = [];
    let saved = 0;
    for (const p of input.positions) {
      const placed = p.x !== null && p.y !== null;
      const res = await trx
        .updateTable('scenarios')
        .set({ map_x: placed ? p.x : null, map_y: placed ? p.y : null })
        .where('id', '=', p.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) saved += 1;
      else unknown.push(p.id);
    }
    return { saved, unknown };
  });
}
