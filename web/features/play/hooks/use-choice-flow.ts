import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import type { ChoiceApplied, PlayOption } from '../../../../core/api/play.ts';
import { CHOICE_FAILURE_TEXT, type ChoiceFailure } from '../../../../core/game/choice.ts';
import { isPendingLink } from '../../../../core/game/links.ts';
import { errorCode } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { gameQueryOptions } from '../api/get-game.ts';
import { sceneQueryOptions } from '../api/get-scene.ts';
import { playKeys } from '../api/query-keys.ts';
import { isChoiceApplied, newIdempotencyKey, useSubmitChoice } from '../api/submit-choice.ts';
import type { ChoiceOutcome } from '../components/options-panel.tsx';
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

/** What a choice puts before its next scene: the answer's `show`, or what the scene announced. */
type FirstScreen = ChoiceApplied['show'];

/**
 * The screen the choice made on this scene certainly puts first, when the scene names it
 * (`nextInterruption`): {} for none, undefined when the click must wait for the answer ('maybe',
 * or a cached copy that does not say).
 */
function announcedFirst(queryClient: QueryClient, sceneId: string): FirstScreen | undefined {
  const scene = cachedScene(queryClient, sceneId);
  const next = scene?.nextInterruption;
  if (next?.kind === 'event') return { randomEvent: next.randomEvent };
  if (next?.kind === 'advertisement') return { advertisement: next.advertisement };
  return !next && scene?.choiceMayInterrupt === false ? {} : undefined;
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
  queryClient.setQueryData(gameQueryOptions().queryKey, {
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
  return () => queryClient.setQueryData(gameQueryOptions().queryKey, before);
}

/**
 * A refusal's message for the scene the player is put back on, when the screen the click
 * painted (an event or advertisement) has left that scene's flow: its new flow shows it.
 */
let handedOver: { sceneId: string; message: string } | null = null;

/** The message handed over to the flow of `sceneId`, once. */
function takeHandedOver(sceneId: string): string | null {
  const message = handedOver?.sceneId === sceneId ? handedOver.message : null;
  handedOver = null;
  return message;
}

/** Tells a player why the option they clicked while the answer was on its way cannot be taken. */
function toastLocked(reason: string | null): void {
  toast({
    title: CHOICE_FAILURE_TEXT.locked.title,
    description: reason ?? CHOICE_FAILURE_TEXT.locked.message,
    variant: 'destructive',
  });
}

/**
 * What happens once an option is dispatched (product rules "Play" 'Option click'). Pending links
 * say 'Under Construction' without asking the server; an option leading nowhere opens the
 * 'Navigation Error' modal. Otherwise, when the next scene was prefetched, the choice's outcome
 * is painted at once and the server applies the choice meanwhile (the idempotency key makes a
 * retry safe): the random event or advertisement screen the scene names (`nextInterruption`),
 * its Continue leading to the next scene, else the next scene itself. When the scene says only
 * that one 'maybe' comes first, the click waits for the answer, so the next scene never flashes
 * before that screen. The answer is the authority: it brings the new stats, what changed and the
 * next scene, and what to show first: a random event, else an advertisement (history replaced);
 * when that differs from what was painted (an admin edited it meanwhile), the answer's shows.
 * A refusal puts the player back on the scene they chose on, as the server still has it, with
 * the server's message.
 *
 * A scene painted ahead shows its options as pending (`paintedSceneId`): their locks were worked
 * out against the stats before the choice. A click there waits until the choice that led there is
 * settled, then goes on with the option as the answer's scene has it: refused with its lock
 * reason when the new stats lock it, taken when they unlock it, dropped when that choice was
 * refused (the player is back on the scene before).
 */
export function useChoiceFlow(currentSceneId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: submitChoice } = useSubmitChoice();
  const [navigationError, setNavigationError] = useState<string | null>(null);
  useEffect(() => {
    const message = takeHandedOver(currentSceneId);
    if (message !== null) setNavigationError(message);
  }, [currentSceneId]);
  const [committing, setCommitting] = useState(false);
  /** The scene painted ahead of its choice's answer, while that answer is outstanding. */
  const [paintedSceneId, setPaintedSceneId] = useState<string | null>(null);
  /** The choice being committed; settles when its answer has been handled. */
  const inFlight = useRef<Promise<void> | null>(null);

  const commit = useCallback(
    async (option: PlayOption, nextId: string): Promise<ChoiceOutcome> => {
      const request = submitChoice({ optionId: option.id, idempotencyKey: newIdempotencyKey() });
      const first =
        nextId === currentSceneId ? undefined : announcedFirst(queryClient, currentSceneId);
      // Marked before the paint, so the painted scene's first frame already shows it pending.
      if (first) setPaintedSceneId(nextId);
      const undo = first ? paintAhead(queryClient, navigate, nextId, first) : null;
      if (first && !undo) setPaintedSceneId(null);
      let res: Awaited<typeof request>;
      try {
        res = await request;
      } catch (err) {
        const pending = errorCode(err) === ('pending' satisfies ChoiceFailure);
        if (!pending) console.error('Choice failed', err);
        const message = pending ? null : err instanceof Error ? err.message : '';
        // A painted event or advertisement screen has left this flow: the scene's next one shows it.
        const left = undo !== null && (first?.randomEvent ?? first?.advertisement) !== undefined;
        if (left && message !== null) handedOver = { sceneId: currentSceneId, message };
        undo?.();
        if (undo) await navigate(scenePath(currentSceneId), { replace: true });
        // The locks, the scene or the game may have changed on the server: show them as they are.
        void queryClient.invalidateQueries({ queryKey: playKeys.scene(currentSceneId) });
        void queryClient.invalidateQueries({ queryKey: playKeys.game() });
        if (pending) toastUnderConstruction();
        else if (!left && message !== null) setNavigationError(message);
        return 'stay';
      }
      if (!isChoiceApplied(res)) {
        undo?.();
        if (undo) await navigate(scenePath(currentSceneId), { replace: true });
        window.open(res.externalUrl, '_blank', 'noopener,noreferrer');
        return 'stay';
      }
      const next = res.nextSceneId;
      rememberChange(res.changes ? { sceneId: next, changes: res.changes } : null);
      // What was painted ahead stays when the answer agrees; otherwise the answer's version shows.
      const painted =
        undo !== null && next === nextId && JSON.stringify(res.show) === JSON.stringify(first);
      if (res.show.randomEvent || res.show.advertisement) {
        if (!painted) await showFirst(navigate, res.show, next);
        return 'leave';
      }
      if (!next || next === currentSceneId) {
        toast({
          title: 'Action Complete',
          description: 'Your choice has been processed.',
          variant: 'default',
          duration: 3000,
        });
        return 'stay';
      }
      if (!painted) await navigate(scenePath(next), { replace: true });
      return 'leave';
    },
    [currentSceneId, navigate, queryClient, submitChoice],
  );

  const choose = useCallback(
    async (option: PlayOption): Promise<ChoiceOutcome> => {
      if (option.isPending || isPendingLink(option.nextSceneId)) {
        toastUnderConstruction();
        return 'stay';
      }
      if (!option.nextSceneId) {
        setNavigationError(CHOICE_FAILURE_TEXT['no-destination'].message);
        return 'stay';
      }
      // This scene may have been painted ahead of the choice that leads here: wait for it, and
      // drop the click when that choice was refused (the player is back on the scene before).
      let chosen = option;
      if (inFlight.current) {
        await inFlight.current;
        const game = queryClient.getQueryData(gameQueryOptions().queryKey);
        if (game && game.player.currentSceneId !== currentSceneId) return 'stay';
        // The locks of the painted copy were the old stats'; the answer's scene has the new ones.
        const fresh = cachedScene(queryClient, currentSceneId)?.options.find(
          (o) => o.id === option.id,
        );
        if (fresh) chosen = fresh;
        if (chosen.locked) {
          toastLocked(chosen.lockedReason);
          return 'stay';
        }
      } else if (option.locked) return 'stay';
      const outcome = commit(chosen, option.nextSceneId);
      const settled = outcome.then(
        () => undefined,
        () => undefined,
      );
      inFlight.current = settled;
      setCommitting(true);
      void settled.then(() => {
        if (inFlight.current !== settled) return;
        inFlight.current = null;
        setCommitting(false);
        setPaintedSceneId(null);
      });
      return outcome;
    },
    [commit, currentSceneId, queryClient],
  );

  return {
    choose,
    /** A choice is being committed (its next scene may already be painted). */
    committing,
    /** The scene painted ahead while its choice's answer is outstanding: its locks may change. */
    paintedSceneId,
    navigationError,
    closeNavigationError: () => setNavigationError(null),
  };
}
