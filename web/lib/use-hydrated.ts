import { useSyncExternalStore } from 'react';

let hydrating = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isHydrated = () => !hydrating;

/**
 * Marks the hydration of the server's page (web/main.tsx): `useHydrated` is false from `start()`
 * until the returned function is called, then every screen using it renders again. Preact's
 * `useSyncExternalStore` has no server snapshot (it would render the browser's version during
 * hydration, and hydration keeps the server's attributes and inner HTML instead of patching
 * them), so the flag says when hydration is over.
 */
export function beginHydration(): () => void {
  hydrating = true;
  return () => {
    hydrating = false;
    for (const listener of listeners) listener();
  };
}

/**
 * False while the browser hydrates a server-rendered page, true otherwise (and on every render
 * after that). Screens whose content comes from what only the browser has (history state, a DOM
 * for DOMPurify) render the server's version during hydration, so the two match, and their own
 * right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isHydrated, () => false);
}
