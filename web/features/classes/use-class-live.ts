import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { classKeys } from './api/class-keys.ts';

/**
 * How long the page waits after a class notice before it asks again; notices meanwhile join in
 * (the server sends at most one notice a quarter second per class).
 */
const CLASS_REFRESH_MS = 200;

/**
 * Keeps the class page live: listens to /api/live?class=ID (docs/class-mode.md 'Live') and
 * reloads the page CLASS_REFRESH_MS after a `class` notice (later notices within that wait ride
 * along: the wait is not restarted, or a class that never pauses would never refresh), and once
 * after the stream reconnects (notices may have been missed meanwhile). A notice heard while a
 * reload runs asks for one more when it ends: the running one may have been read before the
 * change, and cancelling it would starve a busy class of updates.
 */
export function useClassLive(classId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let loading = false;
    let again = false;
    const load = async () => {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      try {
        await client.refetchQueries({ queryKey: classKeys.page(classId), exact: true });
      } finally {
        loading = false;
        if (again) {
          again = false;
          void load();
        }
      }
    };
    const refresh = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void load();
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
