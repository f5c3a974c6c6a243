import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import type { GameResponse, PlayOption } from '../../../../core/api/play.ts';
import { CHOICE_FAILURE_TEXT } from '../../../../core/game/choice.ts';
import { isPendingLink } from '../../../../core/game/links.ts';
import { errorCode } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { gameQueryOptions } from '../api/get-game.ts';
import { sceneQueryOptions } from '../api/get-scene.ts';
import { playKeys } from '../api/query-keys.ts';
import { isChoiceApplied, newIdempotencyKey, useSubmitChoice } from '../api/submit-choice.ts';
import type { ChoiceOutcome } from '../components/options-panel.tsx';
import {
  announcedFirst,
  choiceFlowReducer,
  type FirstScreen,
  initialChoiceFlow,
  paintedSceneOf,
  planAnswer,
  planClick,
  planRefusal,
} from '../lib/choice-flow.ts';
import { rememberChange } from '../lib/last-change.ts';

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

function toastUnderConstruction(): void {
  toast({
    title: CHOICE_FAILURE_TEXT.pending.title,
    description: CHOICE_FAILURE_TEXT.pending.message,
    variant: 'destructive',
  });
}

/** The query cache's copy of a scene, or undefined. */
function cachedScene(queryClient: QueryClient, id: string) {
  return queryClient.getQueryData(sceneQueryOptions(id).queryKey)?.scene;
}

/**
 * The one place a decision writes the game entry of the cache: moved ahead when the next scene
 * is painted before the answer, put back when the decision is refused, the server's when the
 * answer comes.
 */
function writeGame(queryClient: QueryClient, game: GameResponse): void {
  queryClient.setQueryData(gameQueryOptions().queryKey, game);
}

/**
 * Shows the random event or advertisement screen of `first` (history replaced), its Continue
 * leading to `nextId`; a random event comes before an advertisement. Null when `first` holds none.
 */
function showFirst(
  navigate: NavigateFunction,
  first: FirstScreen,
  nextId: string,
  flushSync = false,
): Promise<void> | null {
  const { randomEvent, advertisement } = first;
  if (randomEvent) {
    const state: RandomEventState = {
      event: randomEvent,
      returnToScene: true,
      returnSceneId: nextId,
    };
    return navigate('/game/random-event', { replace: true, state, flushSync }) ?? null;
  }
  if (!advertisement) return null;
  const state: AdvertisementState = { nextSceneId: nextId, advertisement };
  const path = `/game/advertisement/${encodeURIComponent(advertisement.id)}`;
  return navigate(path, { replace: true, state, flushSync }) ?? null;
}

/**
 * Paints the choice's outcome at once when `nextId`'s scene is already in the cache (prefetched):
 * the screen `first` names, else the next scene. The game moves to `nextId` in the cache (stats
 * stay the server's until the answer: the browser cannot compute them as the server does), and the
 * URL follows. Returns how to undo that, or null when nothing was painted (the click then waits
 * for the answer, which carries the next scene).
 */
function paintAhead(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  nextId: string,
  first: FirstScreen,
): (() => void) | null {
  const next = cachedScene(queryClient, nextId);
  const before = queryClient.getQueryData(gameQueryOptions().queryKey);
  if (!next || !before) return null;
  // A game refetch racing the choice would move the screen back to the old scene.
  void queryClient.cancelQueries({ queryKey: playKeys.game() });
  writeGame(queryClient, {
    ...before,
    player: { ...before.player, currentSceneId: nextId, currentSceneTitle: next.title },
  });
  // Fresh again, so showing it does not refetch it: the choice's answer brings it as it is now.
  queryClient.setQueryData(sceneQueryOptions(nextId).queryKey, { scene: next });
  rememberChange(null);
  // Rendered in this event, not in a later transition: the paint is what the click waits for.
  if (!showFirst(navigate, first, nextId, true)) {
    void navigate(scenePath(nextId), { replace: true, flushSync: true });
  }
  return () => writeGame(queryClient, before);
}

/** Tells a player why the option they clicked while the answer was on its way cannot be taken. */
function toastLocked(reason: string | null): void {
  toast({
    title: CHOICE_FAILURE_TEXT.locked.title,
    description: reason ?? CHOICE_FAILURE_TEXT.locked.message,
    variant: 'destructive',
  });
}

/** Navigation state of a scene the player is put back on: the refusal's message to show. */
interface WayBackState {
  refusal: string;
}

/**
 * What happens once an option is dispatched (product rules "Play" 'Option click'), the rules in
 * web/features/play/lib/choice-flow.ts (planClick, planAnswer, planRefusal, the flow's reducer).
 * When the next scene was prefetched, the decision's outcome is painted at once and the server
 * applies it meanwhile (the idempotency key makes a retry safe): the random event or
 * advertisement screen the scene names (`nextInterruption`), its Continue leading to the next
 * scene, else the next scene itself. When the scene says only that one 'maybe' comes first, the
 * click waits for the answer, so the next scene never flashes before that screen. The answer is
 * the authority: it brings the new stats, what changed and the next scene, and what to show
 * first. A refusal puts the player back on the scene they chose on, as the server still has it,
 * with the server's message (carried in the navigation state when a painted screen had left
 * this scene's screen).
 *
 * A scene painted ahead shows its options as pending (`paintedSceneId`): their locks were worked
 * out against the stats before the decision. A click there waits until that decision is
 * settled, then goes on as planClick says.
 */
export function useChoiceFlow(currentSceneId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { mutateAsync: submitChoice } = useSubmitChoice();
  const [state, dispatch] = useReducer(choiceFlowReducer, initialChoiceFlow);
  // Each arrival (navigation) carries its own state object: a refusal shows once per arrival.
  const arrived = location.state as Partial<WayBackState> | null;
  useEffect(() => {
    if (typeof arrived?.refusal === 'string')
      dispatch({ type: 'refused', message: arrived.refusal });
  }, [arrived]);
  /** The decision being committed; settles when its answer has been handled. */
  const inFlight = useRef<Promise<void> | null>(null);

  const commit = useCallback(
    async (option: PlayOption, nextId: string): Promise<ChoiceOutcome> => {
      const request = submitChoice({ optionId: option.id, idempotencyKey: newIdempotencyKey() });
      const scene = cachedScene(queryClient, currentSceneId);
      const first = nextId === currentSceneId ? undefined : announcedFirst(scene);
      // Marked before the paint, so the painted scene's first frame already shows it pending.
      if (first) dispatch({ type: 'sent', nextId, painted: first });
      const undo = first ? paintAhead(queryClient, navigate, nextId, first) : null;
      const painted = undo ? (first ?? null) : null;
      if (!painted) dispatch({ type: 'sent', nextId, painted: null });
      const back = async (refusal?: string) => {
        undo?.();
        const state: WayBackState | null = refusal === undefined ? null : { refusal };
        if (undo) await navigate(scenePath(currentSceneId), { replace: true, state });
      };
      let res: Awaited<typeof request>;
      try {
        res = await request;
      } catch (err) {
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
      if (!isChoiceApplied(res)) {
        await back();
        window.open(res.externalUrl, '_blank', 'noopener,noreferrer');
        return 'stay';
      }
      writeGame(queryClient, { player: res.player });
      rememberChange(res.changes ? { sceneId: res.nextSceneId, changes: res.changes } : null);
      const plan = planAnswer(res, currentSceneId, { nextId, painted });
      if (plan.kind === 'processed') {
        toast({
          title: 'Action Complete',
          description: 'Your choice has been processed.',
          variant: 'default',
          duration: 3000,
        });
        return 'stay';
      }
      if (plan.painted) return 'leave';
      if (plan.kind === 'first-screen') await showFirst(navigate, plan.first, plan.nextId);
      else await navigate(scenePath(plan.nextId), { replace: true });
      return 'leave';
    },
    [currentSceneId, navigate, queryClient, submitChoice],
  );

  const choose = useCallback(
    async (option: PlayOption): Promise<ChoiceOutcome> => {
      // This scene may have been painted ahead of the decision that leads here: wait for it.
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
      if (plan.kind === 'under-construction') toastUnderConstruction();
      if (plan.kind === 'no-destination') {
        dispatch({ type: 'refused', message: CHOICE_FAILURE_TEXT['no-destination'].message });
      }
      if (plan.kind === 'locked') toastLocked(plan.reason);
      if (plan.kind !== 'send') return 'stay';
      const outcome = commit(plan.option, plan.nextId);
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
    [commit, currentSceneId, queryClient],
  );

  return {
    choose,
    /** A decision is being committed (its next scene may already be painted). */
    committing: state.committing !== null,
    /** The scene painted ahead while its decision's answer is outstanding: its locks may change. */
    paintedSceneId: paintedSceneOf(state),
    navigationError: state.error,
    closeNavigationError: () => dispatch({ type: 'error-closed' }),
  };
}
