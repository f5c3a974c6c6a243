import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { playKeys } from './query-keys.ts';

/** The queries each live event makes stale. */
const STALE_ON: Record<LiveEvent, readonly (readonly string[])[]> = {
  news: [playKeys.news()],
  content: [playKeys.scenes(), playKeys.ads(), playKeys.sponsors(), playKeys.fonts()],
};

/**
 * Listens to GET /api/live (Server-Sent Events; DESIGN.md replaces the hosted realtime channel)
 * and refetches what an event says changed: 'news' refreshes the ticker, 'content' the scenes,
 * ads, sponsors and fonts. EventSource reconnects by itself after a dropped connection.
 * Returns the function that stops listening.
 */
export function listenToLiveUpdates(queryClient: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(PLAY_PATHS.live, { withCredentials: true });
  const handlers = (Object.keys(STALE_ON) as LiveEvent[]).map((event) => {
    const onEvent = () => {
      for (const queryKey of STALE_ON[event]) void queryClient.invalidateQueries({ queryKey });
    };
    source.addEventListener(event, onEvent);
    return [event, onEvent] as const;
  });
  return () => {
    for (const [event, onEvent] of handlers) source.removeEventListener(event, onEvent);
    source.close();
  };
}

/** Keeps the cached play data in step with the server's live events while mounted. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => listenToLiveUpdates(queryClient), [queryClient]);
}
