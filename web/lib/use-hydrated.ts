import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a server-rendered page, true otherwise (and on every render after
 * that). Screens whose content comes from what only the browser has (history state) render the
 * server's version during hydration, so the two match (no React #418), and their own right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
