import type { Kysely } from 'kysely';
import { lessonDaysOf, type RecapStep } from '../../../core/game/recap.ts';
import { toStatChanges } from '../../../core/game/stats.ts';
import { getPlayScene, listPlayOptions } from '../../db/repositories/play-content-cache.ts';
import { listRecentSteps } from '../../db/repositories/play-recovery.ts';
import type { Database } from '../../db/schema/database.ts';

/** One decision: the scene it was made on and the option taken. */
interface Decision {
  sceneId: string;
  optionId: string;
}

/**
 * The day each lesson of a finished game was learned (docs/product-rules.md "Play" 'Lessons at
 * the moment'): the game's decisions from the choice log (plus `last`, the decision being made,
 * not logged yet), each read against the content as it is now: the scene's day and the items the
 * option adds. Read only when a game is over; a decision whose scene or option is gone since
 * counts for nothing, so its lesson is listed without a day.
 */
export async function gameLessonDays(
  db: Kysely<Database>,
  playerId: string,
  logged: number,
  last?: Decision,
): Promise<Record<string, number>> {
  // The game's logged decisions (its last `logged` rows), oldest first.
  const decisions: Decision[] = (await listRecentSteps(db, playerId, logged)).reverse();
  if (last) decisions.push(last);
  const steps: RecapStep[] = [];
  for (const d of decisions) {
    const [scene, [option]] = await Promise.all([
      getPlayScene(db, d.sceneId),
      listPlayOptions(db, d.sceneId, d.optionId),
    ]);
    steps.push({
      day: scene?.day ?? null,
      added: option ? (toStatChanges(option.stats_changes).addInventory ?? []) : [],
    });
  }
  return lessonDaysOf(steps);
}
