/*
 * The browser window React Router writes its history into (web/main.tsx passes it to
 * createBrowserRouter), with one difference: a history write made while a screen painted ahead
 * of its answer is being rendered (holdHistoryWrites: a decision's next screen, Start's first
 * scene) waits until that screen is on screen.
 *
 * Why: `history.replaceState` is not only a URL change in the page. Chromium records the entry
 * in the browser process and the renderer waits for it: in a sampled profile of a decision's
 * click it was the largest single part of the click (0.8 ms on a quiet machine, several ms when
 * the machine is busy), and the browser process's work there competes with the frame the click
 * is waiting for. The URL is the next scene's either way; it is written a frame later.
 *
 * What a held write keeps: `history.state` answers the held entry's state at once (React Router
 * reads its index from it), any other history call writes the held one first, and Back or
 * Forward before it is written drops it (the entry it was meant for is no longer the current).
 */

interface HeldWrite {
  push: boolean;
  state: unknown;
  url: string | URL | null | undefined;
}

let held: HeldWrite | null = null;
let holding = false;

function write(w: HeldWrite): void {
  if (w.push) window.history.pushState(w.state, '', w.url);
  else window.history.replaceState(w.state, '', w.url);
}

/** Writes the held entry, if any, and stops holding. */
function release(): void {
  holding = false;
  const w = held;
  held = null;
  if (w) write(w);
}

/**
 * Holds the history write React Router makes next (the navigation of a paint ahead) until
 * `shown` settles: the screen it rendered is on screen then (web/lib/after-paint.ts afterShown).
 */
export function holdHistoryWrites(shown: Promise<unknown>): void {
  holding = true;
  void shown.then(release, release);
}

const heldHistory = {
  get state(): unknown {
    return held ? held.state : window.history.state;
  },
  get length(): number {
    return window.history.length;
  },
  pushState(state: unknown, _unused: string, url?: string | URL | null): void {
    const w = { push: true, state, url };
    if (holding && !held) held = w;
    else {
      release();
      write(w);
    }
  },
  replaceState(state: unknown, _unused: string, url?: string | URL | null): void {
    if (holding && !held) held = { push: false, state, url };
    // A replacement of the held entry is that entry, written later all the same.
    else if (holding && held) held = { ...held, state, url };
    else {
      release();
      write({ push: false, state, url });
    }
  },
  go(delta: number): void {
    release();
    window.history.go(delta);
  },
};

let routerWindow: Window | undefined;

/** The window for React Router: the real one, with the history above in place of its own. */
export function windowWithHeldHistory(): Window {
  if (routerWindow) return routerWindow;
  // Back or Forward while a write is held: the entry it was meant for is left; drop it. Added
  // before the router's own listener, so the router reads the state of the entry it arrived at.
  window.addEventListener('popstate', () => {
    held = null;
    holding = false;
  });
  // Leaving or reloading the page within the frame: the URL is the screen's.
  window.addEventListener('pagehide', release);
  routerWindow = new Proxy(window, {
    get(target, key) {
      if (key === 'history') return heldHistory;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return routerWindow;
}
