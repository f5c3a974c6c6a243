import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import type {
  ChoiceApplied,
  GameResponse,
  PlayOption,
  PlayScene,
} from '../../../../core/api/play.ts';
import { CHOICE_FAILURE_TEXT } from '../../../../core/game/choice.ts';
import { isPendingLink } from '../../../../core/game/links.ts';
import { afterShown } from '../../../lib/after-paint.ts';
import { errorCode } from '../../../lib/api.ts';
import { holdHistoryWrites } from '../../../lib/held-history.ts';
import { toast } from '../../../lib/toast.ts';
import { gameQueryOptions } from '../api/get-game.ts';
import { sceneQueryOptions } from '../api/get-scene.ts';
import { playKeys } from '../api/query-keys.ts';
import { startAhead } from '../api/start-play.ts';
import { isChoiceApplied, newIdempotencyKey, submitChoice } from '../api/submit-choice.ts';
import type { ChoiceOutcome } from '../components/options-panel.tsx';
import {
  announcedFirst,
  type ClickPlan,
  choiceFlowReducer,
  type FirstScreen,
  initialChoiceFlow,
  paintedSceneOf,
  planAnswer,
  planClick,
  planRefusal,
} from '../lib/choice-flow.ts';
import { rememberChange } from '../lib/last-change.ts';

/*
 * What happens when a player clicks an option (product rules "Play" 'Option click'), in the
 * order `useChoiceFlow` below does it. The decisions are pure functions of
 * web/features/play/lib/choice-flow.ts (tested there); this file carries them out.
 *
 * 0. A click on the first scene while its start's answer is still on its way (paint-ahead
 *    Start, web/routes/start-button.ts) waits for that answer: no decision leaves without the
 *    session, and it goes by the scene the answer brought (afterStart).
 * 1. Plan the click (planClick): a pending link says 'Under Construction', an option leading
 *    nowhere opens 'Navigation Error', a locked option does nothing; anything else is sent. A
 *    click on a scene painted ahead of its decision's answer first waits for that answer and
 *    goes by the locks it brings.
 * 2. Send (submitChoice): the option and a fresh idempotency key, never a stat. It leaves before
 *    the paint, so the request travels while the screen renders.
 * 3. Paint ahead (paintAhead): when the next scene was prefetched and the scene said what comes
 *    first (announcedFirst: its `nextInterruption`), the outcome shows inside the click, in one
 *    render: the random event or advertisement screen, its Continue leading to the next scene,
 *    else the next scene itself. Its options show as pending (their locks are the old stats').
 *    A 'maybe' (a guest's event waiting on the 5-second gap) is told apart by the time since
 *    the scene was received (announcedFirst); only a click too close to the gap's end to call
 *    paints nothing and waits for the answer, so the next scene never flashes before that screen.
 * 4. Reconcile the answer (planAnswer): the answer is the authority. Its game, scenes and what
 *    changed go into the cache (takeAnswer); what was painted stays when the answer agrees,
 *    else the answer's version shows.
 * 5. A refusal (planRefusal) puts the player back on the scene they chose on, as the server
 *    still has it, with the server's message ('Navigation Error'); a pending link's is a toast.
 *
 * The game entry of the query cache is written in one place (writeGame): moved ahead with the
 * paint, put back on a refusal, the server's when the answer comes.
 */

/**
 * The choice flow of the scene screen on `currentSceneId`: `choose` handles a dispatched
 * option (steps 1-5 above); `committing` and `paintedSceneId` say where the decision is.
 */
export function useChoiceFlow(currentSceneId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(choiceFlowReducer, initialChoiceFlow);
  // A refusal that took the player back from a painted screen arrives with the way back: each
  // arrival (navigation) carries its own state object, so the message shows once per arrival.
  const arrived = location.state as Partial<WayBackState> | null;
  useEffect(() => {
    if (typeof arrived?.refusal === 'string')
      dispatch({ type: 'refused', message: arrived.refusal });
  }, [arrived]);
  /** The decision being committed; settles when its answer has been handled. */
  const inFlight = useRef<Promise<void> | null>(null);

  const decide = useCallback(
    async (option: PlayOption, nextId: string): Promise<ChoiceOutcome> => {
      // 2. Send.
      const request = submitChoice({ optionId: option.id, idempotencyKey: newIdempotencyKey() });

      // 3. Paint ahead, when the next scene is in the cache and the scene said what comes first.
      const scene = cachedScene(queryClient, currentSceneId);
      const sinceReceipt = () => {
        const stamp = queryClient.getQueryState(sceneQueryOptions(currentSceneId).queryKey);
        return stamp?.dataUpdatedAt ? Date.now() - stamp.dataUpdatedAt : undefined;
      };
      const first = nextId === currentSceneId ? undefined : announcedFirst(scene, sinceReceipt());
      const next = first && cachedScene(queryClient, nextId);
      const before = queryClient.getQueryData(gameQueryOptions().queryKey);
      const painted = first && next && before ? first : null;
      markClick(painted, scene, cachedScene(queryClient, nextId) !== undefined);
      // Before the paint, so the painted scene's first frame already shows its options pending.
      dispatch({ type: 'sent', nextId, painted });
      // What was painted reaches the screen before the answer is taken (step 4 renders again).
      let shown: Promise<void> | null = null;
      if (painted && next && before) {
        shown = afterShown();
        // The URL follows a frame later (web/lib/held-history.ts): the paint does not wait for it.
        holdHistoryWrites(shown);
        paintAhead(queryClient, navigate, painted, before, next);
      }
      const back = async (refusal?: string) => {
        if (!painted || !before) return;
        writeGame(queryClient, before);
        const way: WayBackState | null = refusal === undefined ? null : { refusal };
        await navigate(scenePath(currentSceneId), { replace: true, state: way });
      };

      let answer: Awaited<typeof request>;
      try {
        answer = await request;
        if (shown) await shown;
      } catch (err) {
        // 5. A refusal puts the player back, with the server's message.
        const message = err instanceof Error ? err.message : '';
        const plan = planRefusal(errorCode(err), message, painted);
        if (!plan.toastPending) console.error('Choice failed', err);
        await back(plan.withWayBack ? message : undefined);
        // The locks, the scene or the game may have changed on the server: show them as they are.
        void queryClient.invalidateQueries({ queryKey: playKeys.scene(currentSceneId) });
        void queryClient.invalidateQueries({ queryKey: playKeys.game() });
        if (plan.toastPending) toastUnderConstruction();
        else if (!plan.withWayBack) dispatch({ type: 'refused', message });
        return 'stay';
      }
      if (!isChoiceApplied(answer)) {
        await back();
        window.open(answer.externalUrl, '_blank', 'noopener,noreferrer');
        return 'stay';
      }

      // 4. Reconcile the answer: keep what was painted when it agrees, else show the answer.
      takeAnswer(queryClient, answer);
      const plan = planAnswer(answer, currentSceneId, { nextId, painted });
      if (plan.kind === 'processed') {
        toast({
          title: 'Action Complete',
          description: 'Your choice has been processed.',
          variant: 'default',
          duration: 3000,
        });
        return 'stay';
      }
      if (!plan.painted) {
        // The player waited for this answer: it is rendered at once, like a painted outcome.
        if (plan.kind === 'first-screen') await showFirst(navigate, plan.first, plan.nextId);
        else await navigate(scenePath(plan.nextId), { replace: true, flushSync: true });
      }
      return 'leave';
    },
    [currentSceneId, navigate, queryClient],
  );

  const choose = useCallback(
    async (clicked: PlayOption): Promise<ChoiceOutcome> => {
      // 0. A start painted ahead of its answer: the decision needs its session and its game.
      const option = await afterStart(queryClient, currentSceneId, clicked);
      if (!option) return 'stay';
      // 1. Plan the click. This scene may have been painted ahead of the decision that leads
      // here: a click waits for that decision, then goes by the locks its answer brought.
      let afterPrevious: Parameters<typeof planClick>[1];
      if (inFlight.current && !isPendingLink(option.nextSceneId) && option.nextSceneId) {
        await inFlight.current;
        const game = queryClient.getQueryData(gameQueryOptions().queryKey);
        afterPrevious = {
          stillHere: !game || game.player.currentSceneId === currentSceneId,
          scene: cachedScene(queryClient, currentSceneId),
        };
      }
      const plan = planClick(option, afterPrevious);
      if (plan.kind !== 'send') {
        sayWhyNot(plan, (message) => dispatch({ type: 'refused', message }));
        return 'stay';
      }
      const outcome = decide(plan.option, plan.nextId);
      const settled = outcome.then(
        () => undefined,
        () => undefined,
      );
      inFlight.current = settled;
      void settled.then(() => {
        if (inFlight.current !== settled) return;
        inFlight.current = null;
        dispatch({ type: 'settled' });
      });
      return outcome;
    },
    [decide, currentSceneId, queryClient],
  );

  const closeNavigationError = useCallback(() => dispatch({ type: 'error-closed' }), []);
  return {
    choose,
    /** A decision is being committed (its next scene may already be painted). */
    committing: state.committing !== null,
    /** The scene painted ahead while its decision's answer is outstanding: its locks may change. */
    paintedSceneId: paintedSceneOf(state),
    navigationError: state.error,
    closeNavigationError,
  };
}

/**
 * Step 0: a click on the first scene painted ahead of its start's answer (start-play.ts) waits
 * for that answer, then goes by the scene it brought: the option as the answer has it, or
 * nothing when the start failed (the visitor is back on '/') or the answer's game stands
 * elsewhere (the start screen shows that scene).
 */
async function afterStart(
  queryClient: QueryClient,
  sceneId: string,
  option: PlayOption,
): Promise<PlayOption | null> {
  const start = startAhead();
  if (!start) return option;
  if (!(await start)) return null;
  const game = queryClient.getQueryData(gameQueryOptions().queryKey);
  if (game?.player.currentSceneId !== sceneId) return null;
  return cachedScene(queryClient, sceneId)?.options.find((o) => o.id === option.id) ?? null;
}

/** Step 1's answer to a click that sends nothing: a toast, the 'Navigation Error' modal, or nothing. */
function sayWhyNot(plan: Exclude<ClickPlan, { kind: 'send' }>, refuse: (message: string) => void) {
  if (plan.kind === 'under-construction') toastUnderConstruction();
  else if (plan.kind === 'no-destination') refuse(CHOICE_FAILURE_TEXT['no-destination'].message);
  else if (plan.kind === 'locked') {
    // An option the answer before this click locked: say why the click did nothing.
    toast({
      title: CHOICE_FAILURE_TEXT.locked.title,
      description: plan.reason ?? CHOICE_FAILURE_TEXT.locked.message,
      variant: 'destructive',
    });
  }
}

/**
 * Step 3: the game moves to the next scene in the cache (stats stay the server's until the
 * answer: the browser cannot compute them as the server does) and the screen `first` names,
 * else the next scene, renders inside this click: one render, the paint is what the click
 * waits for.
 */
function paintAhead(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  first: FirstScreen,
  before: GameResponse,
  next: PlayScene,
): void {
  const nextId = next.id;
  // A game refetch racing the decision would move the screen back to the old scene.
  void queryClient.cancelQueries({ queryKey: playKeys.game() });
  const player = { ...before.player, currentSceneId: nextId, currentSceneTitle: next.title };
  writeGame(queryClient, { ...before, player });
  // Fresh again, so showing it does not refetch it: the answer brings it as it is now.
  queryClient.setQueryData(sceneQueryOptions(nextId).queryKey, { scene: next });
  rememberChange(null);
  if (!showFirst(navigate, first, nextId)) {
    void navigate(scenePath(nextId), { replace: true, flushSync: true });
  }
}

/**
 * Step 4: the answer into the cache. The next scene as the answer carries it (so it is not
 * asked for again), the other scenes marked stale, not refetched now (their locks depend on the
 * stats; a scene refetches when it mounts, after painting), the game, and what changed for the
 * next scene's line.
 */
function takeAnswer(queryClient: QueryClient, answer: ChoiceApplied): void {
  void queryClient.invalidateQueries({ queryKey: playKeys.scenes(), refetchType: 'none' });
  const scene = answer.nextScene;
  if (scene) queryClient.setQueryData(sceneQueryOptions(scene.id).queryKey, { scene });
  writeGame(queryClient, { player: answer.player });
  rememberChange(answer.changes ? { sceneId: answer.nextSceneId, changes: answer.changes } : null);
}

/**
 * Names how this click reaches its next screen, as a `choice-flow` performance mark (its detail):
 * painted ahead ('ahead-scene', 'ahead-screen' for an event or advertisement, 'ahead-maybe' a
 * 'maybe' told apart by the time since the scene's receipt), or waiting for
 * the answer ('wait-maybe', 'wait-not-prefetched', 'wait-other'). The click bench
 * (scripts/bench/click.ts) reads it to break its figure down.
 */
function markClick(
  painted: FirstScreen | null,
  scene: PlayScene | undefined,
  prefetched: boolean,
): void {
  let kind: string;
  if (painted && scene?.nextInterruption?.kind === 'maybe') kind = 'ahead-maybe';
  else if (painted)
    kind = painted.randomEvent || painted.advertisement ? 'ahead-screen' : 'ahead-scene';
  else if (scene?.nextInterruption?.kind === 'maybe') kind = 'wait-maybe';
  else if (!prefetched) kind = 'wait-not-prefetched';
  else kind = 'wait-other';
  performance.mark('choice-flow', { detail: kind });
}

/** The one place a decision writes the game entry of the query cache. */
function writeGame(queryClient: QueryClient, game: GameResponse): void {
  queryClient.setQueryData(gameQueryOptions().queryKey, game);
}

/** The query cache's copy of a scene, or undefined. */
function cachedScene(queryClient: QueryClient, id: string) {
  return queryClient.getQueryData(sceneQueryOptions(id).queryKey)?.scene;
}

/**
 * Shows the random event or advertisement screen of `first` (history replaced, rendered at
 * once), its Continue leading to `nextId`; a random event comes before an advertisement. Null
 * when `first` holds none.
 */
function showFirst(
  navigate: NavigateFunction,
  first: FirstScreen,
  nextId: string,
): Promise<void> | null {
  const { randomEvent, advertisement } = first;
  if (randomEvent) {
    const state: RandomEventState = {
      event: randomEvent,
      returnToScene: true,
      returnSceneId: nextId,
    };
    return navigate('/game/random-event', { replace: true, state, flushSync: true }) ?? null;
  }
  if (!advertisement) return null;
  const state: AdvertisementState = { nextSceneId: nextId, advertisement };
  const path = `/game/advertisement/${encodeURIComponent(advertisement.id)}`;
  return navigate(path, { replace: true, state, flushSync: true }) ?? null;
}

function toastUnderConstruction(): void {
  toast({
    title: CHOICE_FAILURE_TEXT.pending.title,
    description: CHOICE_FAILURE_TEXT.pending.message,
    variant: 'destructive',
  });
}

/** Navigation state of a scene the player is put back on: the refusal's message to show. */
interface WayBackState {
  refusal: string;
}

/** Navigation state of /game/advertisement/:adId (product rules "Screens": the next scene id). */
export interface AdvertisementState {
  nextSceneId: string;
  advertisement?: unknown;
}

/** Navigation state of /game/random-event (product rules "Screens": event data, a return flag, the scene id). */
export interface RandomEventState {
  event: unknown;
  returnToScene: true;
  returnSceneId: string;
}

/** The path of a scene screen. */
export function scenePath(id: string): string {
  return `/game/scene/${encodeURIComponent(id)}`;
}
