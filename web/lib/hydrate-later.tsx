import { type ReactNode, Suspense } from 'react';
import { hydrationWait } from './use-hydrated.ts';

/** Holds the hydration of its children until their turn (web/lib/use-hydrated.ts). */
function Turn({ children }: { children: ReactNode }) {
  const wait = hydrationWait();
  // Preact keeps the server's DOM of a part that suspends while it hydrates (its first node:
  // hence the one wrapper) and hydrates it when the promise settles.
  if (wait) throw wait;
  return <div className="contents">{children}</div>;
}

/**
 * A part of a server-rendered page whose hydration waits for a later task of its own
 * (beginHydration in web/lib/use-hydrated.ts): parts out of sight at first, or that only show.
 * Until then its HTML is on screen and its links work as plain links, but its handlers are not
 * attached. Rendered by the browser itself (no hydration), it renders at once. Its children are
 * in a `display: contents` element, on the server too, so both renders have the same DOM.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // The server (React, no DOM) renders the part as it is: no Suspense markers in its HTML.
  if (typeof document === 'undefined') return <div className="contents">{children}</div>;
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
