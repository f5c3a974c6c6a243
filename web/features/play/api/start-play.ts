import { useSyncExternalStore } from 'react';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import type { StartPlayAnswer, StartPlayRequest } from '../../../../core/api/play-start.ts';
import { apiFetch } from '../../../lib/api.ts';

/**
 * A fresh key (letters, digits and '-'). Not submit-choice.ts's: that module would bring the
 * scene fetchers into the start screen's code; a start is rare enough for randomUUID, with
 * getRandomValues where it is missing (pages over plain http).
 */
function startKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16)).join('-');
}

/** The start on its way, which a second click joins rather than sending another. */
let starting: Promise<StartPlayAnswer> | null = null;
/** The key of the start not yet answered: a retry after a failure sends it again. */
let unanswered: string | null = null;

/**
 * POST /api/play/start: the start screen's 'Start Adventure Now' in one request. The server makes
 * a guest session when there is none (its cookie comes with the answer), continues the game or
 * starts one, and answers everything the first scene's screen reads (core/api/play-start.ts).
 * One start at a time: a click while one is on its way gets the same answer; a retry after a
 * failure sends the same key, so a start whose answer was lost is not made twice.
 */
export function startPlay(): Promise<StartPlayAnswer> {
  if (starting) return starting;
  unanswered ??= startKey();
  const key = unanswered;
  starting = apiFetch<StartPlayAnswer>(PLAY_PATHS.startPlay, {
    method: 'POST',
    body: { idempotencyKey: key } satisfies StartPlayRequest,
  })
    .then((answer) => {
      if (unanswered === key) unanswered = null;
      return answer;
    })
    .finally(() => {
      starting = null;
    });
  return starting;
}

/**
 * A start painted ahead of its answer (paint-ahead Start, web/routes/start-button.ts): settles
 * true once its answer is in the query cache, false when it failed (the visitor is back on '/').
 * Until then the scene screen shows the new game the start screen carried, and sends nothing
 * that needs the session: no decision (the choice flow awaits this), no game or scene read, no
 * live stream, no prefetch.
 */
let ahead: Promise<boolean> | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Holds the play screens back until `answered` settles (see `ahead`). */
export function holdForStart(answered: Promise<boolean>): void {
  ahead = answered;
  notify();
  void answered.finally(() => {
    if (ahead !== answered) return;
    ahead = null;
    notify();
  });
}

/** The start painted ahead and not answered yet, or null: a decision waits for it. */
export function startAhead(): Promise<boolean> | null {
  return ahead;
}

/** True while a start painted ahead waits for its answer (re-renders when it settles). */
export function useStartAhead(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ahead !== null,
    () => false,
  );
}
