import type { Kysely } from 'kysely';
import {
  type ChoiceApplied,
  type ChoiceRequest,
  type ChoiceResponse,
  choiceResponseSchema,
  type PlayAdvertisement,
  type PlayRandomEvent,
  type PlayScene,
} from '../../../core/api/play.ts';
import { advertisementFor } from '../../../core/game/cadence.ts';
import { applyChoice, CHOICE_FAILURE_TEXT, type ChoiceFailure } from '../../../core/game/choice.ts';
import {
  applyEventChanges,
  decideGuestEvent,
  pickSignedInEvent,
} from '../../../core/game/random-event.ts';
import { diffStats } from '../../../core/game/stat-diff.ts';
import { initialStats, rebuildStats } from '../../../core/game/stats-config.ts';
import type { Dialect } from '../../db/database.ts';
import {
  type ChoiceWrite,
  runChoiceTransaction,
} from '../../db/repositories/choice-transaction.ts';
import {
  getPlayScene,
  listActiveAds,
  listActiveEvents,
  listPlayOptions,
} from '../../db/repositories/play-content-cache.ts';
import type { PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { HttpError } from '../../plugins/errors.ts';
import { noteClassActivity } from '../classes/activity.ts';
import { type EventDeps, processEventDeps } from './event-draw.ts';
import { NO_SCENES_MESSAGE } from './game.ts';
import { readNextInterruption } from './interruption.ts';
import { presentAd, presentEvent, presentGame } from './present.ts';
import { presentScene } from './scene-view.ts';
import { effectiveScene } from './where.ts';

/** HTTP status of each refusal of core's applyChoice. */
const FAILURE_STATUS: Record<Exclude<ChoiceFailure, 'external-url'>, number> = {
  'missing-key': 400,
  'wrong-scene': 409,
  'scene-closed': 409,
  locked: 403,
  'no-destination': 409,
  pending: 409,
};

/** Refuses a choice; the code is core's reason ('locked', 'pending', ...), for the browser to branch on. */
function refuse(reason: Exclude<ChoiceFailure, 'external-url'>, message: string): never {
  throw new HttpError(FAILURE_STATUS[reason], message, reason);
}

/**
 * The random event of this choice and the event to remember as the last one. Signed-in players:
 * the admin's events on the choice counter. Guests: the admin's active events with the spec's
 * guest timing, never on the first choice and never the one seen last (core decideGuestEvent);
 * the fixed guest event only when none is active. A draw refused only because it would repeat
 * the last event breaks the row, so a lone event can come back on a later scene.
 */
async function decideEvent(
  trx: Kysely<Database>,
  user: SessionUser,
  counts: { choiceCount: number; sceneCount: number },
  last: { at: string | null; id: string | null },
  random: () => number,
  now: number,
) {
  const events = await listActiveEvents(trx);
  if (!user.isAnonymous) {
    const event = pickSignedInEvent(counts.choiceCount, events);
    return { event, lastEventId: event ? event.id : last.id };
  }
  const d = decideGuestEvent({
    sceneCount: counts.sceneCount,
    lastEventAt: last.at,
    lastEventId: last.id,
    now,
    random,
    events,
  });
  if (d.triggered) return { event: d.event, lastEventId: d.event.id };
  return { event: null, lastEventId: d.reason === 'repeat' ? null : last.id };
}

/**
 * One choice, decided by the server (DESIGN.md): the option must belong to the player's current
 * scene (a player who never started is on the start scene); core's applyChoice refuses closed
 * scenes, locked options, pending and missing destinations and applies the stat changes (5-gold
 * default cost); then the random event's changes; then the next scene's stats_config checkpoint
 * (the order of core's applyChoice and the story check). An advertisement comes first on every
 * 5th scene when no event does. The answer is stored with the choice, so the same idempotency
 * key returns it again without applying anything.
 */
export async function submitChoice(
  db: Kysely<Database>,
  dialect: Dialect,
  user: SessionUser,
  body: ChoiceRequest,
  deps: EventDeps = processEventDeps,
): Promise<ChoiceResponse> {
  let nextScene: PlayScene | undefined;
  const result = await runChoiceTransaction<ChoiceResponse>(
    db,
    dialect,
    user.id,
    body.idempotencyKey,
    async (trx, player) => {
      const scene = await effectiveScene(trx, player);
      if (!scene) throw new HttpError(404, NO_SCENES_MESSAGE);
      const [option] = await listPlayOptions(trx, scene.id, body.optionId);
      if (!option) refuse('wrong-scene', CHOICE_FAILURE_TEXT['wrong-scene'].message);
      const state = stateOf(player, scene);
      const outcome = applyChoice(state, option, body.idempotencyKey, scene);
      if (!outcome.ok) {
        if (outcome.reason === 'external-url') return { value: { externalUrl: option.next_url! } };
        refuse(outcome.reason, outcome.message);
      }
      const next = await getPlayScene(trx, outcome.state.currentSceneId!);
      if (!next) refuse('no-destination', CHOICE_FAILURE_TEXT['no-destination'].message);
      const last = { at: state.lastEventAt, id: state.lastEventId };
      // The draw the scene read announced (nextInterruption): keyed by the game's version.
      const version = player?.version ?? 0;
      const random = deps.random({ userId: user.id, version });
      const at = deps.now();
      const { event, lastEventId } = await decideEvent(trx, user, outcome.state, last, random, at);
      const afterEvent = event
        ? applyEventChanges(outcome.state.stats, event)
        : outcome.state.stats;
      const stats = rebuildStats(next.stats_config, afterEvent);
      const ad = event
        ? null
        : advertisementFor(outcome.state.sceneCount, await listActiveAds(trx));
      const show: { advertisement?: PlayAdvertisement; randomEvent?: PlayRandomEvent } = {};
      if (event) show.randomEvent = presentEvent(event);
      if (ad) show.advertisement = presentAd(ad);
      const newPlayer = {
        userId: user.id,
        currentSceneId: next.id,
        stats,
        choiceCount: outcome.state.choiceCount,
        sceneCount: outcome.state.sceneCount,
        lastEventAt: event ? new Date(at).toISOString() : state.lastEventAt,
        lastEventId,
        isGuest: user.isAnonymous,
      };
      const response: ChoiceApplied = {
        player: presentGame({ ...newPlayer, currentSceneTitle: next.title }),
        nextSceneId: next.id,
        changes: {
          choice: diffStats(state.stats, outcome.state.stats),
          event: event
            ? { title: event.title, ...diffStats(outcome.state.stats, afterEvent) }
            : null,
          arrival: diffStats(afterEvent, stats),
        },
        show,
      };
      // The next scene rides along (from the content cache, no statement), but is not stored.
      // Its nextInterruption is for the choice after this one (the version this write makes).
      const after = { ...newPlayer, version: version + 1 };
      const following = await readNextInterruption(trx, user.isAnonymous, user.id, after, deps);
      nextScene = await presentScene(trx, next, stats, true, following);
      const write: ChoiceWrite & { response: ChoiceResponse } = {
        player: newPlayer,
        log: {
          sceneId: scene.id,
          optionId: option.id,
          nextSceneId: next.id,
          eventId: event?.id ?? null,
        },
        response,
      };
      return { write };
    },
  );
  if (result.kind === 'applied') noteClassActivity(db, user.id); // docs/class-mode.md 'Live'
  if (result.kind === 'applied') return { ...result.response, nextScene } as ChoiceApplied;
  if (result.kind === 'nothing') return result.value;
  const { stored, player } = result;
  if (stored.optionId !== body.optionId) {
    throw new HttpError(
      409,
      'This idempotency key was already used for another choice',
      'key-reused',
    );
  }
  // An answer stored in an older shape of the API is rebuilt from the logged choice instead.
  const parsed = choiceResponseSchema.safeParse(stored.response);
  const answer = parsed.success ? parsed.data : rebuiltResponse(stored, user);
  if (!isApplied(answer)) return answer;
  const scene = await replayedScene(db, user, answer.nextSceneId, player, deps);
  return { ...answer, nextScene: scene };
}

function isApplied(answer: ChoiceResponse): answer is ChoiceApplied {
  return 'nextSceneId' in answer;
}

/**
 * The next scene of a replayed answer, as the player sees it now (from the cache and the player's
 * row the replay already read); undefined when the scene no longer exists.
 */
async function replayedScene(
  db: Kysely<Database>,
  user: SessionUser,
  id: string,
  player: PlayerState | null,
  deps: EventDeps,
): Promise<PlayScene | undefined> {
  const scene = id ? await getPlayScene(db, id) : null;
  if (!scene) return undefined;
  const stats = player?.stats ?? initialStats(scene.stats_config);
  const current = player?.currentSceneId === scene.id;
  const following = current
    ? await readNextInterruption(db, user.isAnonymous, user.id, player, deps)
    : null;
  return presentScene(db, scene, stats, current, following);
}

/** The play state core's applyChoice works on; a player who never started is on `scene`. */
function stateOf(player: PlayerState | null, scene: { id: string; stats_config: unknown }) {
  return {
    currentSceneId: scene.id,
    stats: player?.stats ?? initialStats(scene.stats_config),
    appliedKeys: [],
    sceneCount: player ? player.sceneCount : 1,
    choiceCount: player ? player.choiceCount : 0,
    lastEventAt: player?.lastEventAt ?? null,
    lastEventId: player?.lastEventId ?? null,
  };
}

/** The answer for a logged choice stored before answers were kept (migration 003). */
function rebuiltResponse(
  stored: { nextSceneId: string | null; statsAfter: ChoiceApplied['player']['stats'] },
  user: SessionUser,
): ChoiceApplied {
  return {
    player: presentGame({
      currentSceneId: stored.nextSceneId,
      currentSceneTitle: null,
      stats: stored.statsAfter,
      isGuest: user.isAnonymous,
      sceneCount: 0,
      choiceCount: 0,
    }),
    nextSceneId: stored.nextSceneId ?? '',
    show: {},
  };
}
