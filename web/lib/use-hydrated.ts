import { useSyncExternalStore } from 'react';
import { nextTask } from './after-paint.ts';

let hydrating = false;
/** True during hydrateRoot's own pass (web/main.tsx), when parts may ask to hydrate later. */
let firstPass = false;
/** The parts whose hydration waits (hydrationWait), in the order hydration met them. */
const waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isHydrated = () => !hydrating;

/**
 * Marks the hydration of the server's page (web/main.tsx): `useHydrated` is false from here
 * until the returned function has finished, then every screen using it renders again. Preact's
 * `useSyncExternalStore` has no server snapshot (it would render the browser's version during
 * hydration, and hydration keeps the server's attributes and inner HTML instead of patching
 * them), so the flag says when hydration is over.
 *
 * The returned function is called once hydrateRoot has returned: the parts that asked to
 * hydrate later (web/lib/hydrate-later.tsx) then hydrate one per task, in page order, still
 * as hydration (their server HTML is kept and `useHydrated` is still false), so that no task of
 * the page's start-up is the whole page's hydration. Its promise settles when all are done.
 */
export function beginHydration(): () => Promise<void> {
  hydrating = true;
  firstPass = true;
  return async () => {
    firstPass = false;
    // Each resume renders its part in a microtask of the same task (Preact's render queue), so
    // the last part has hydrated by the task after its resume.
    let resumed = false;
    for (let resume = waiting.shift(); resume; resume = waiting.shift()) {
      await nextTask();
      resume();
      resumed = true;
    }
    if (resumed) await nextTask();
    hydrating = false;
    for (const listener of listeners) listener();
  };
}

/**
 * During hydrateRoot's own pass, a promise that settles when this part's turn to hydrate comes
 * (see beginHydration); null otherwise (no hydration, or the part's turn has come).
 */
export function hydrationWait(): Promise<void> | null {
  if (!firstPass) return null;
  return new Promise((resolve) => waiting.push(resolve));
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
