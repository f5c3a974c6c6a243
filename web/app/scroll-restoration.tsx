import { useContext, useEffect, useLayoutEffect } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  useLocation,
  useNavigation,
} from 'react-router';

/** Where React Router's own ScrollRestoration keeps the positions, so a reload finds them. */
const STORAGE_KEY = 'react-router-scroll-positions';

/**
 * The page's scroll position as of its last scroll event. React Router notes the position of
 * the page it leaves at the start of every navigation; reading `window.scrollY` there made the
 * browser lay out the page there and then (the click had just changed the option's style), a
 * layout of the old screen inside every decision's click, right before the new one is laid out.
 */
let scrollY = 0;
let listening = false;
function followScroll(): void {
  if (listening) return;
  listening = true;
  scrollY = window.scrollY;
  window.addEventListener('scroll', () => (scrollY = window.scrollY), { passive: true });
}

let positions: Record<string, number> = {};

const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * React Router's `<ScrollRestoration />` (react-router's useScrollRestoration, same storage and
 * the same choices: a restored position on back and forward, the hash's element, else the top;
 * `preventScrollReset` respected), with the position read from the last scroll event
 * (followScroll) instead of from the layout at each navigation, and restored once the new
 * screen is in the DOM.
 */
export function ScrollRestoration() {
  const { router } = useContext(DataRouterContext) ?? {};
  const { restoreScrollPosition, preventScrollReset } = useContext(DataRouterStateContext) ?? {};
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const save = () => {
      if (navigation.state === 'idle') positions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are not kept across a reload.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [navigation.state, location.key]);

  useBrowserLayoutEffect(() => {
    try {
      const kept = sessionStorage.getItem(STORAGE_KEY);
      if (kept) positions = JSON.parse(kept) as Record<string, number>;
    } catch {
      // Unreadable: start with none.
    }
    followScroll();
  }, []);

  useBrowserLayoutEffect(() => router?.enableScrollRestoration(positions, () => scrollY), [router]);

  useBrowserLayoutEffect(() => {
    if (restoreScrollPosition === false) return;
    // After the whole render: Preact commits a context's consumers one by one, so this layout
    // effect (the root's) runs before the new screen below it is in the DOM, and a position
    // restored here was cut to the old screen's height.
    queueMicrotask(() =>
      scrollFor(restoreScrollPosition ?? null, location.hash, preventScrollReset),
    );
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}

/** Where a screen opens: a restored position, the hash's element, or the top. */
function scrollFor(restore: number | null, hash: string, preventScrollReset?: boolean): void {
  if (typeof restore === 'number') {
    window.scrollTo(0, restore);
    return;
  }
  if (hash) {
    let target: HTMLElement | null = null;
    try {
      target = document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch {
      // Not a decodable id: no element to scroll to.
    }
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  if (preventScrollReset !== true) window.scrollTo(0, 0);
}
