import type { ChoiceApplied, ChoiceResponse } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { apiFetch, isRetryable } from '../../../lib/api.ts';

/** What the browser sends for a decision: the option and a key; never a stat value. */
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

/** How many times a failure worth retrying (network, 502/503/504) is tried again. */
const RETRIES = 2;

/**
 * POST /api/play/choices: the server applies the decision once per key and answers with the new
 * game. A failure worth retrying is tried again with the same key (after 1 s, then 2 s), so the
 * server applies the decision at most once; any other failure is thrown as it came.
 */
export async function submitChoice(input: ChoiceInput): Promise<ChoiceResponse> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiFetch<ChoiceResponse>(PLAY_PATHS.choices, { method: 'POST', body: input });
    } catch (err) {
      if (attempt >= RETRIES || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
}

/** True when the server applied the decision (not an external-URL answer). */
export function isChoiceApplied(res: ChoiceResponse): res is ChoiceApplied {
  return 'player' in res;
}
