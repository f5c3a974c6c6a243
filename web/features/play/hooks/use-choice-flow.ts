import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlayOption } from '../../../../core/api/play.ts';
import { CHOICE_FAILURE_TEXT, type ChoiceFailure } from '../../../../core/game/choice.ts';
import { isPendingLink } from '../../../../core/game/links.ts';
import { errorCode } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
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

/**
 * What happens once an option is dispatched (product rules "Play" 'Option click'). Pending links say
 * 'Under Construction' without asking the server; an option leading nowhere opens the
 * 'Navigation Error' modal. Otherwise the server applies the choice and answers with the new
 * state and what to show: a random event, else an advertisement, else the next scene (history
 * replaced). What the choice changed is kept for the next scene's change line.
 */
export function useChoiceFlow(currentSceneId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: submitChoice } = useSubmitChoice();
  const [navigationError, setNavigationError] = useState<string | null>(null);

  const choose = useCallback(
    async (option: PlayOption): Promise<ChoiceOutcome> => {
      if (option.is_pending || isPendingLink(option.next_scenario_id)) {
        toastUnderConstruction();
        return 'stay';
      }
      if (!option.next_scenario_id) {
        setNavigationError(CHOICE_FAILURE_TEXT['no-destination'].message);
        return 'stay';
      }
      let res: Awaited<ReturnType<typeof submitChoice>>;
      try {
        res = await submitChoice({ optionId: option.id, idempotencyKey: newIdempotencyKey() });
      } catch (err) {
        const message = err instanceof Error ? err.message : '';
        if (errorCode(err) === ('pending' satisfies ChoiceFailure)) {
          toastUnderConstruction();
          return 'stay';
        }
        console.error('Choice failed', err);
        // The locks or the scene may have changed on the server: show them as they are now.
        void queryClient.invalidateQueries({ queryKey: playKeys.scene(currentSceneId) });
        setNavigationError(message);
        return 'stay';
      }
      if (!isChoiceApplied(res)) {
        window.open(res.externalUrl, '_blank', 'noopener,noreferrer');
        return 'stay';
      }
      const next = res.nextSceneId;
      rememberChange(res.changes ? { sceneId: next, changes: res.changes } : null);
      const { randomEvent, advertisement } = res.show;
      if (randomEvent) {
        const state: RandomEventState = {
          event: randomEvent,
          returnToScene: true,
          returnSceneId: next,
        };
        await navigate('/game/random-event', { replace: true, state });
        return 'leave';
      }
      if (advertisement) {
        const state: AdvertisementState = { nextSceneId: next, advertisement };
        await navigate(`/game/advertisement/${encodeURIComponent(advertisement.id)}`, {
          replace: true,
          state,
        });
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
      await navigate(scenePath(next), { replace: true });
      return 'leave';
    },
    [currentSceneId, navigate, queryClient, submitChoice],
  );

  return { choose, navigationError, closeNavigationError: () => setNavigationError(null) };
}
