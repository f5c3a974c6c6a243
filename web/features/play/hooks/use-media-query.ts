import { useCallback, useSyncExternalStore } from 'react';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

/**
 * True while the CSS media query matches; follows changes live. `onServer` is the answer where
 * there is no window: the server render and the hydration of it (false unless said otherwise).
 */
export function useMediaQuery(query: string, onServer = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = mediaQuery(query);
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? onServer,
    () => onServer,
  );
}
