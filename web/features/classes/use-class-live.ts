import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { classKeys } from './api/class-keys.ts';

/**
 * How long the page waits after a class notice before it asks again; notices meanwhile join in,
 * so a busy class reloads the page at most five times a second (the server sends at most one notice a
 * quarter second per class).
 */
export const CLASS_REFRESH_MS = 200;

/**
 * Keeps the class page live: listens to /api/live?class=ID (docs/class-mode.md 'Live') and
 * refetches the page CLASS_REFRESH_MS after a `class` notice (later notices within that wait ride
 * along: the wait is not restarted, or a class that never pauses would never refresh), and once
 * after the stream reconnects (notices may have been missed meanwhile).
 */
export function useClassLive(classId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        // A reload still running is left to finish, not cancelled and started again.
        void client.invalidateQueries(
          { queryKey: classKeys.page(classId) },
          { cancelRefetch: false },
        );
      }, CLASS_REFRESH_MS);
    };
    const source = new EventSource(`/api/live?class=${encodeURIComponent(classId)}`, {
      withCredentials: true,
    });
    let opened = false;
    source.addEventListener('class', refresh);
    source.addEventListener('open', () => {
      if (opened) refresh();
      opened = true;
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [client, classId]);
}
