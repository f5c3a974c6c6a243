import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChoiceApplied, ChoiceResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch, isRetryable } from '../../../lib/api.ts';
import { sceneQueryOptions } from './get-scene.ts';
import { playKeys } from './query-keys.ts';

/** What the browser sends for a choice: the option and a key; never a stat value. */
export interface ChoiceInput {
  optionId: string;
  idempotencyKey: string;
}

/** A fresh idempotency key (letters, digits, '-' only), also where randomUUID is missing. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST /api/play/choices: the server applies the choice once per key and returns the new state. */
export async function submitChoice(input: ChoiceInput): Promise<ChoiceResponse> {
  return apiFetch<ChoiceResponse>(PLAY_PATHS.choices, { method: 'POST', body: input });
}

/** True when the server applied the choice (not an external-URL answer). */
export function isChoiceApplied(res: ChoiceResponse): res is ChoiceApplied {
  return 'player' in res;
}

/**
 * Making a choice. A network failure is retried with the same key, so the server applies it at
 * most once. On success the next scene is the one the answer carries, and the other scenes are
 * refetched (their locks depend on the stats) once shown; cached scenes still paint at once. The
 * game entry is the choice flow's to write (web/features/play/hooks/use-choice-flow.ts).
 */
export function useSubmitChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitChoice,
    retry: (count, err) => count < 2 && isRetryable(err),
    onSuccess: (data) => {
      if (!isChoiceApplied(data)) return;
      // Mark, do not refetch now: a scene refetches when it mounts, after painting.
      void queryClient.invalidateQueries({ queryKey: playKeys.scenes(), refetchType: 'none' });
      const scene = data.nextScene;
      if (scene) queryClient.setQueryData(sceneQueryOptions(scene.id).queryKey, { scene });
    },
  });
}
