import type { Kysely } from 'kysely';
import type { NextInterruption } from '../../../core/api/play.ts';
import { nextInterruption } from '../../../core/game/interruption.ts';
import { listGameEventIds } from '../../db/repositories/choice-log.ts';
import { pending } from '../../db/repositories/content-cache.ts';
import { listActiveAds, listActiveEvents } from '../../db/repositories/play-content-cache.ts';
import type { PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import type { EventDeps } from './event-draw.ts';
import { presentAd, presentEvent } from './present.ts';

/** The parts of a player's game the next choice's interruptions depend on. */
export type InterruptionState = Pick<
  PlayerState,
  'userId' | 'sceneCount' | 'choiceCount' | 'lastEventId' | 'lastEventAt' | 'version'
>;

/**
 * What this player's next choice will put before its scene, as the choice will present it (core
 * nextInterruption, with the guest draw the choice will use and the server clock now).
 * `player` null: a player who never started (their first choice is the first write). Guests never
 * meet an event twice in a game: the game's events come from the log, or from `seen`.
 */
export async function readNextInterruption(
  db: Kysely<Database>,
  isGuest: boolean,
  userId: string,
  player: InterruptionState | null,
  deps: EventDeps,
  /** The events this game has shown, when the caller knows them better than the log (mid-choice). */
  seen?: readonly string[],
): Promise<NextInterruption> {
  // Cached reads answer at once: awaited only when one has to be (content-cache.ts `pending`).
  const [e, a, s] = [
    listActiveEvents(db),
    listActiveAds(db),
    isGuest && !seen && player ? listGameEventIds(db, userId, player) : (seen ?? []),
  ];
  const [events, ads, seenEventIds] =
    pending(e) || pending(a) || pending(s) ? await Promise.all([e, a, s]) : [e, a, s];
  const next = nextInterruption({
    isGuest,
    sceneCount: player?.sceneCount ?? 1,
    choiceCount: player?.choiceCount ?? 0,
    lastEventId: player?.lastEventId ?? null,
    lastEventAt: player?.lastEventAt ?? null,
    now: deps.now(),
    events,
    seenEventIds,
    ads,
    random: deps.random({ userId, version: player?.version ?? 0 }),
  });
  if (next?.kind === 'event') return { kind: 'event', randomEvent: presentEvent(next.event) };
  if (next?.kind === 'advertisement') {
    return { kind: 'advertisement', advertisement: presentAd(next.advertisement) };
  }
  if (next?.kind === 'maybe') {
    const { before, msLeft } = next;
    const advertisement = before === null ? null : presentAd(before);
    return { kind: 'maybe', randomEvent: presentEvent(next.event), advertisement, msLeft };
  }
  return next;
}
