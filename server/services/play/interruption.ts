import type { Kysely } from 'kysely';
import { nextChoiceMayInterrupt } from '../../../core/game/interruption.ts';
import { listActiveAds, listActiveEvents } from '../../db/repositories/play-content-cache.ts';
import type { PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import type { EventDeps } from './event-draw.ts';

/** The parts of a player's game the next choice's interruptions depend on. */
export type InterruptionState = Pick<
  PlayerState,
  'userId' | 'sceneCount' | 'choiceCount' | 'lastEventId' | 'version'
>;

/**
 * Whether this player's next choice will or may show a random event or advertisement screen
 * before its scene (core nextChoiceMayInterrupt, with the guest draw the choice will use).
 * `player` null: a player who never started (their first choice is the first write).
 */
export async function choiceMayInterrupt(
  db: Kysely<Database>,
  isGuest: boolean,
  userId: string,
  player: InterruptionState | null,
  deps: EventDeps,
): Promise<boolean> {
  const [events, ads] = await Promise.all([listActiveEvents(db), listActiveAds(db)]);
  return nextChoiceMayInterrupt({
    isGuest,
    sceneCount: player?.sceneCount ?? 1,
    choiceCount: player?.choiceCount ?? 0,
    lastEventId: player?.lastEventId ?? null,
    events,
    adCount: ads.length,
    random: deps.random({ userId, version: player?.version ?? 0 }),
  });
}
