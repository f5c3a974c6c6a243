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
import { CHOICE_FAILURE_TEXT, type ChoiceFailure } from '../../../core/game/choice.ts';
import { isPendingLink } from '../../../core/game/links.ts';
import { initialStats } from '../../../core/game/stats-config.ts';
import { type Game, takeStep } from '../../../core/game/step.ts';
import type { Dialect } from '../../db/database.ts';
import { listGameEventIds, rememberGameEventIds } from '../../db/repositories/choice-log.ts';
import { runChoiceTransaction } from '../../db/repositories/choice-transaction.ts';
import { pending } from '../../db/repositories/content-cache.ts';
import {
  getPlayScene,
  listActiveAds,
  listActiveEvents,
  listPlayOptions,
} from '../../db/repositories/play-content-cache.ts';
import type { ChoiceWrite, PlayerState } from '../../db/repositories/play-state.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { noteClassActivity } from '../classes/activity.ts';
import { type EventDeps, processEventDeps } from './event-draw.ts';
import { NO_SCENES_MESSAGE } from './game.ts';
import { readNextInterruption } from './interruption.ts';
import { gameLessonDays } from './lesson-days.ts';
import { presentAd, presentChanges, presentEvent, presentGame } from './present.ts';
import { presentScene } from './scene-view.ts';
import { effectiveScene } from './where.ts';

/** HTTP status of each refusal of core's takeStep. */
const FAILURE_STATUS: Record<Exclude<ChoiceFailure, 'external-url'>, number> = {
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
 * One decision, decided by the server: the option must be one of the player's current scene (a
 * player who never started is on the start scene); core's takeStep decides the whole step
 * (refusals, the option's changes, the random event or advertisement, the next scene's
 * checkpoint, what changed) from the content and the draw this reads. The answer is stored with
 * the decision, so the same idempotency key returns it again without applying anything.
 */
export async function submitChoice(
  db: Kysely<Database>,
  dialect: Dialect,
  user: SessionUser,
  body: ChoiceRequest,
  deps: EventDeps = processEventDeps,
): Promise<ChoiceResponse> {
  let nextScene: PlayScene | undefined;
  let written: { version: number; seen: readonly string[] } | undefined;
  const result = await runChoiceTransaction<ChoiceResponse>(
    db,
    dialect,
    user.id,
    body.idempotencyKey,
    async (trx, player) => {
      // Once the content is cached these reads answer at once: each is awaited only when it
      // has to be (content-cache.ts `pending`; a choice made ~58 promises before).
      const where = effectiveScene(trx, player);
      const scene = pending(where) ? await where : where;
      if (!scene) throw new HttpError(404, NO_SCENES_MESSAGE);
      const listed = listPlayOptions(trx, scene.id, body.optionId);
      const [option] = pending(listed) ? await listed : listed;
      if (!option) refuse('wrong-scene', CHOICE_FAILURE_TEXT['wrong-scene'].message);
      const target = option.next_scenario_id;
      const n = target && !isPendingLink(target) ? getPlayScene(trx, target) : null;
      const e = listActiveEvents(trx);
      const a = listActiveAds(trx);
      // A guest meets each event once a game: the events of this game's logged choices.
      const s = user.isAnonymous && player ? listGameEventIds(trx, user.id, player) : [];
      const [next, events, ads, seen] =
        pending(n) || pending(e) || pending(a) || pending(s)
          ? await Promise.all([n, e, a, s])
          : [n, e, a, s];
      const game = gameOf(player, scene, user.isAnonymous, seen);
      // The draw the scene read announced (nextInterruption): keyed by the game's version.
      const version = player?.version ?? 0;
      const draws = { now: deps.now(), random: deps.random({ userId: user.id, version }) };
      const step = takeStep(game, scene, option, next, { events, ads }, draws);
      if (!step.ok) {
        if (step.reason === 'external-url') return { value: { externalUrl: option.next_url! } };
        refuse(step.reason, step.message);
      }
      const show: { advertisement?: PlayAdvertisement; randomEvent?: PlayRandomEvent } = {};
      if (step.event) show.randomEvent = presentEvent(step.event);
      if (step.advertisement) show.advertisement = presentAd(step.advertisement);
      const newPlayer = {
        userId: user.id,
        currentSceneId: step.next.id,
        stats: step.game.stats,
        choiceCount: step.game.choiceCount,
        sceneCount: step.game.sceneCount,
        lastEventAt: step.game.lastEventAt as string | null,
        lastEventId: step.game.lastEventId,
        isGuest: user.isAnonymous,
      };
      const isEnding = step.next.is_ending === true;
      const response: ChoiceApplied = {
        player: presentGame({
          ...newPlayer,
          currentSceneTitle: step.next.title,
          isEnding,
          // An ending's recap tells the day of each lesson: this game's log and this decision.
          lessonDays: isEnding
            ? await gameLessonDays(trx, user.id, player?.choiceCount ?? 0, {
                sceneId: scene.id,
                optionId: option.id,
              })
            : undefined,
        }),
        nextSceneId: step.next.id,
        changes: presentChanges(step.changes, option.why),
        show,
      };
      // The next scene rides along (from the content cache, no statement), but is not stored.
      // Its nextInterruption is for the choice after this one (the version this write makes).
      const after = { ...newPlayer, version: version + 1 };
      const following = await readNextInterruption(
        trx,
        user.isAnonymous,
        user.id,
        after,
        deps,
        step.game.seenEventIds,
      );
      nextScene = await presentScene(trx, step.next, step.game.stats, true, following);
      written = { version: after.version, seen: step.game.seenEventIds ?? [] };
      const write: ChoiceWrite & { response: ChoiceResponse } = {
        player: newPlayer,
        log: {
          sceneId: scene.id,
          optionId: option.id,
          nextSceneId: step.next.id,
          eventId: step.event?.id ?? null,
        },
        response,
      };
      return { write };
    },
  );
  if (result.kind === 'applied') {
    noteClassActivity(db, user.id); // docs/class-mode.md 'Live'
    if (user.isAnonymous && written) rememberGameEventIds(user.id, written.version, written.seen);
    return { ...result.response, nextScene } as ChoiceApplied;
  }
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

/** The game core's takeStep works on; a player who never started is on `scene`. */
function gameOf(
  player: PlayerState | null,
  scene: { id: string; stats_config: unknown },
  isGuest: boolean,
  seenEventIds: readonly string[],
): Game {
  return {
    currentSceneId: scene.id,
    stats: player?.stats ?? initialStats(scene.stats_config),
    sceneCount: player ? player.sceneCount : 1,
    choiceCount: player ? player.choiceCount : 0,
    lastEventAt: player?.lastEventAt ?? null,
    lastEventId: player?.lastEventId ?? null,
    isGuest,
    seenEventIds,
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
