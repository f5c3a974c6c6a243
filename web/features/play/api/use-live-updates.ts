import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { playKeys } from './query-keys.ts';
import { useStartAhead } from './start-play.ts';

/** The queries each live event makes stale. */
const STALE_ON: Record<LiveEvent, readonly (readonly string[])[]> = {
  news: [playKeys.news()],
  content: [playKeys.scenes(), playKeys.ads(), playKeys.sponsors(), playKeys.fonts()],
};

/** Wait before asking again after the server refused the stream (its Retry-After is 30 s). */
const LIVE_RETRY_MS = 30_000;

/**
 * Listens to GET /api/live (Server-Sent Events replace the hosted realtime channel)
 * and refetches what an event says changed: 'news' refreshes the ticker, 'content' the scenes,
 * ads, sponsors and fonts. EventSource reconnects by itself after a dropped connection, but gives
 * up for good when the server answers with an error (503 when too many streams are open): then
 * this asks again after LIVE_RETRY_MS plus some jitter, and refetches everything once it is back,
 * since events may have been missed. Returns the function that stops listening.
 */
export function listenToLiveUpdates(
  queryClient: QueryClient,
  retryMs = LIVE_RETRY_MS,
  random = Math.random,
): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const refresh = (events: readonly LiveEvent[]) => {
    for (const event of events) {
      for (const queryKey of STALE_ON[event]) void queryClient.invalidateQueries({ queryKey });
    }
  };
  const open = (afterRefusal: boolean) => {
    const s = new EventSource(PLAY_PATHS.live, { withCredentials: true });
    source = s;
    for (const event of Object.keys(STALE_ON) as LiveEvent[]) {
      s.addEventListener(event, () => refresh([event]));
    }
    if (afterRefusal)
      s.addEventListener('open', () => refresh(Object.keys(STALE_ON) as LiveEvent[]));
    s.addEventListener('error', () => {
      if (s.readyState !== EventSource.CLOSED || stopped) return;
      // Spread the retries so a full server is not asked by every refused page at once.
      timer = setTimeout(() => open(true), retryMs * (1 + random() / 3));
    });
  };
  open(false);
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

/**
 * Keeps the cached play data in step with the server's live events while mounted; not while a
 * start painted ahead waits for its answer (start-play.ts): the stream opens with the session.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const ahead = useStartAhead();
  useEffect(() => (ahead ? undefined : listenToLiveUpdates(queryClient)), [queryClient, ahead]);
}
