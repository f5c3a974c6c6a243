import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { classKeys } from './api.ts';

/** How long the page waits after a class notice before it asks again (more notices join in). */
export const CLASS_REFRESH_MS = 300;

/**
 * Keeps the class page live: listens to /api/live?class=ID (docs/class-mode.md 'Live') and
 * refetches the page, debounced, after each `class` notice, and once after the stream reconnects
 * (notices may have been missed meanwhile).
 */
export function useClassLive(classId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void client.invalidateQueries({ queryKey: classKeys.page(classId) }),
        CLASS_REFRESH_MS,
      );
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
