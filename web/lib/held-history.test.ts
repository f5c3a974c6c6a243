import { afterEach, describe, expect, it } from 'vitest';
import { holdHistoryWrites, windowWithHeldHistory } from './held-history.ts';

const routerWindow = windowWithHeldHistory();
const path = () => window.location.pathname;

/** A promise settled by hand: stands for the painted screen being on screen. */
function screenShown() {
  let show!: () => void;
  const shown = new Promise<void>((resolve) => {
    show = resolve;
  });
  return {
    shown,
    show: async () => {
      show();
      await shown;
      await Promise.resolve();
    },
  };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the history React Router writes into', () => {
  it('writes at once when nothing is held, and is the real window otherwise', () => {
    routerWindow.history.pushState({ idx: 1 }, '', '/game/scene/a');
    expect(path()).toBe('/game/scene/a');
    expect(routerWindow.history.state).toEqual({ idx: 1 });
    expect(routerWindow.location).toBe(window.location);
    expect(routerWindow.document).toBe(document);
  });

  it("holds a paint-ahead's write until the screen is shown, and answers its state meanwhile", async () => {
    window.history.replaceState({ idx: 0 }, '', '/game/scene/a');
    const { shown, show } = screenShown();
    holdHistoryWrites(shown);
    routerWindow.history.replaceState({ idx: 0, key: 'b' }, '', '/game/scene/b');
    expect(path()).toBe('/game/scene/a');
    expect(routerWindow.history.state).toEqual({ idx: 0, key: 'b' });
    await show();
    expect(path()).toBe('/game/scene/b');
    expect(window.history.state).toEqual({ idx: 0, key: 'b' });
    // Holding ended with the write: the next one goes at once.
    routerWindow.history.replaceState({ idx: 0 }, '', '/game/scene/c');
    expect(path()).toBe('/game/scene/c');
  });

  it('replaces the held entry by a later replacement, and writes it before any other write', async () => {
    window.history.replaceState({ idx: 0 }, '', '/game/scene/a');
    const { shown, show } = screenShown();
    holdHistoryWrites(shown);
    routerWindow.history.replaceState({ idx: 0 }, '', '/game/scene/b');
    // A refusal puts the player back before the screen was shown: the URL is the old scene's.
    routerWindow.history.replaceState({ idx: 0, back: true }, '', '/game/scene/a');
    await show();
    expect(path()).toBe('/game/scene/a');
    expect(window.history.state).toEqual({ idx: 0, back: true });

    const second = screenShown();
    holdHistoryWrites(second.shown);
    const before = window.history.length;
    routerWindow.history.replaceState({ idx: 0 }, '', '/game/random-event');
    routerWindow.history.pushState({ idx: 1 }, '', '/page/how-to-play');
    expect(window.history.length).toBe(before + 1);
    expect(path()).toBe('/page/how-to-play');
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    expect(path()).toBe('/game/random-event');
    await second.show();
  });

  it('drops a held write when the player goes Back before it was written', async () => {
    window.history.replaceState({ idx: 0 }, '', '/game/scene/a');
    window.history.pushState({ idx: 1 }, '', '/game/scene/b');
    const { shown, show } = screenShown();
    holdHistoryWrites(shown);
    routerWindow.history.replaceState({ idx: 1 }, '', '/game/scene/c');
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    expect(path()).toBe('/game/scene/a');
    expect(routerWindow.history.state).toEqual({ idx: 0 });
    await show();
    expect(path()).toBe('/game/scene/a');
  });
});
