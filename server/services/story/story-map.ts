import type { Kysely } from 'kysely';
import type { StoryMapResponse } from '../../../core/api/story.ts';
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
    .select(['id', 'title', 'is_start', 'is_ending', 'is_end_of_day'])
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
  const scenes: MapScene[] = sceneRows.map((r) => ({
    id: r.id,
    title: r.title,
    isStart: bool(r.is_start),
    isEnding: bool(r.is_ending),
    isEndOfDay: bool(r.is_end_of_day),
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
