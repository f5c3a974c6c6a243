import type { ChoiceLogTable } from '../schema/choice-log.ts';
import type { Database } from '../schema/database.ts';
import type { PlayerState } from './play-state.ts';
import { timeOrderedUuid } from './values.ts';

/*
 * What one choice writes, as both engines' statements name it (choice-sqlite.ts through
 * choice-group-commit.ts, choice-pg.ts); choice-transaction.ts decides and calls them.
 */

/** The schema with migration 003's choice_log.response column. */
export type PlayDatabase = Omit<Database, 'choice_log'> & {
  choice_log: ChoiceLogTable & { response: string | null };
};

/** What a choice computed: the player's new state, the log row and the answer to store. */
export interface ChoiceWrite {
  player: Omit<PlayerState, 'version'>;
  log: {
    sceneId: string;
    optionId: string;
    nextSceneId: string;
    eventId: string | null;
  };
  response: unknown;
}

export interface PendingWrite {
  w: ChoiceWrite;
  expectedVersion: number | null;
  key: string;
}

/** The player row's values of a choice, as the prepared statements of both engines name them. */
export function playerFields(p: ChoiceWrite['player']) {
  return {
    userId: p.userId,
    currentSceneId: p.currentSceneId,
    stats: JSON.stringify(p.stats),
    choiceCount: p.choiceCount,
    sceneCount: p.sceneCount,
    lastEventAt: p.lastEventAt,
    lastEventId: p.lastEventId,
    isGuest: p.isGuest,
  };
}

/** The choice log's values of a choice (a time-ordered id), as the prepared statements name them. */
export function logFields({ w, key }: PendingWrite) {
  return {
    id: timeOrderedUuid(),
    sceneId: w.log.sceneId,
    optionId: w.log.optionId,
    nextSceneId: w.log.nextSceneId,
    key,
    eventId: w.log.eventId,
    response: JSON.stringify(w.response),
  };
}
