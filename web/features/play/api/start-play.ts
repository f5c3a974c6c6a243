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
 * A start painted ahead of its answer (paint-ahead Start, web/routes/start-button.ts). Until its
 * answer is in the query cache the scene screen shows the new game the start screen carried and
 * sends nothing that needs the session: no decision (the choice flow awaits `answered`), no game
 * or scene read, no live stream, no prefetch. A start that failed stays held until the start
 * screen is back (releaseFailedStart): a play screen still on its way out must not sign in.
 */
interface Hold {
  /** True once the answer is in the cache, false when the start failed. */
  answered: Promise<boolean>;
  failed: boolean;
}
let hold: Hold | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Holds the play screens back for a start painted ahead; `done(true)` once its answer is in the
 * cache (the screens go on), `done(false)` when it failed (see releaseFailedStart).
 */
export function holdForStart(): { done: (answered: boolean) => void } {
  let resolve: (answered: boolean) => void = () => {};
  const h: Hold = { answered: new Promise<boolean>((r) => (resolve = r)), failed: false };
  hold = h;
  notify();
  return {
    done(answered) {
      resolve(answered);
      if (hold !== h) return;
      if (!answered) h.failed = true;
      else {
        hold = null;
        notify();
      }
    },
  };
}

/** Ends the hold of a start that failed: the start screen is back, no play screen is left. */
export function releaseFailedStart(): void {
  if (!hold?.failed) return;
  hold = null;
  notify();
}

/** The start painted ahead and not answered yet (or failed), or null: a decision waits for it. */
export function startAhead(): Promise<boolean> | null {
  return hold?.answered ?? null;
}

/** True while a start painted ahead is held (re-renders when that changes). */
export function useStartAhead(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hold !== null,
    () => false,
  );
}
