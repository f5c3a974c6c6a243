import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NextInterruption, PlayOption } from '../../../../core/api/play.ts';
import { DEFAULT_FONT_SETTINGS } from '../../../../core/api/play.ts';
import { TEST_STATS as STATS, testOption } from '../../../../test/web/play-fixtures.ts';
import { renderApp } from '../../../../test/web/render-app.tsx';
import * as toasts from '../../../lib/toast.ts';

const GUEST = { id: 'g1', email: 'g@guest.local', name: 'Guest', role: 'user', isAnonymous: true };
const TITLES: Record<string, string> = { intro: 'The Intro', shop: 'The Shop' };

function player(sceneId: string, gold = 240) {
  return {
    currentSceneId: sceneId,
    currentSceneTitle: TITLES[sceneId],
    stats: { ...STATS, gold },
    hasProgress: true,
    isGuest: true,
    sceneCount: 1,
    choiceCount: 0,
  };
}

/** What the stubbed server says of the scenes: set per test. */
let introNext: NextInterruption;
/** The scene GET /api/play/game says the player is on. */
let gameScene: string;
let shopOption: Partial<PlayOption>;

function scene(id: string, current: boolean, option: Partial<PlayOption> = {}) {
  return {
    id,
    title: TITLES[id],
    subtitle: null,
    description: `Scene ${id}`,
    imageUrl: null,
    hasHtml: false,
    day: 1,
    isEnding: false,
    isEndOfDay: false,
    hasStatsConfig: true,
    takesChoices: true,
    options: [
      testOption({
        id: `${id}-go`,
        text: id === 'intro' ? 'Open the shop' : 'Back to the intro',
        nextSceneId: id === 'intro' ? 'shop' : 'intro',
        ...option,
      }),
    ],
    isCurrent: current,
    choiceMayInterrupt: current && id === 'intro' && introNext !== null,
    nextInterruption: current && id === 'intro' ? introNext : null,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The answer to POST /api/play/choices, released by the test. */
let releaseChoice: (res: Response) => void;
let requests: string[];

function stubServer(): void {
  requests = [];
  introNext = null;
  gameScene = 'intro';
  shopOption = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/session') return json({ user: GUEST });
      if (url === '/api/play/game') return json({ player: player(gameScene), recovery: null });
      if (url === '/api/play/scenes?ids=shop') {
        return json({ scenes: [scene('shop', false, shopOption)], missing: [] });
      }
      const one = /^\/api\/play\/scenes\/([^/?]+)$/.exec(url)?.[1];
      if (one) return json({ scene: scene(one, one === 'intro') });
      if (url === '/api/play/choices') {
        return new Promise<Response>((resolve) => {
          releaseChoice = resolve;
        });
      }
      if (url === '/api/play/sponsors') return json({ sponsors: [] });
      if (url === '/api/play/settings/fonts') return json({ fonts: DEFAULT_FONT_SETTINGS });
      return json({});
    }),
  );
}

async function onIntroWithShopPrefetched() {
  const app = renderApp('/game/scene/intro');
  await screen.findByRole('heading', { level: 1, name: 'The Intro' }, { timeout: 10_000 });
  await waitFor(() => expect(requests).toContain('GET /api/play/scenes?ids=shop'));
  // Let the prefetch land in the cache.
  await new Promise((r) => setTimeout(r, 20));
  return app;
}

// Lazy screens load slowly in jsdom on a busy machine; the held choice never answers by itself,
// so a long wait cannot hide a paint that waited for it.
describe('instant choices', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubServer();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('prefetches the targets in one request, paints the chosen scene before the answer, then takes the answer', async () => {
    const { router } = await onIntroWithShopPrefetched();
    expect(requests.filter((r) => r.startsWith('GET /api/play/scenes'))).toEqual([
      'GET /api/play/scenes/intro',
      'GET /api/play/scenes?ids=shop',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    // Painted while the choice is still on its way.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/scene/shop');
    expect(requests).toContain('POST /api/play/choices');
    // The server's stats are not guessed: still the old budget until the answer.
    expect(screen.getAllByText('$240').length).toBeGreaterThan(0);
    const answer = {
      player: { ...player('shop', 235), choiceCount: 1, sceneCount: 2 },
      nextSceneId: 'shop',
      nextScene: { ...scene('shop', true), description: 'Scene shop, as the server says now' },
      changes: {
        choice: { stats: [{ stat: 'gold', delta: -5 }], gained: [], lost: [] },
        event: null,
        arrival: { stats: [], gained: [], lost: [] },
      },
      show: {},
    };
    const beforeAnswer = requests.length;
    releaseChoice(json(answer));
    await screen.findByText('Scene shop, as the server says now');
    await waitFor(() => expect(screen.getAllByText('$235').length).toBeGreaterThan(0));
    // The answer carried the scene: it is not asked for again.
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.slice(beforeAnswer).filter((r) => r.includes('/scenes/shop'))).toEqual([]);
  });

  it('rolls back to the scene before, with the server’s message, when the choice is refused', async () => {
    const { router } = await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 });
    releaseChoice(
      json({ error: 'Forbidden', message: 'Requires Budget $500', code: 'locked' }, 403),
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Navigation Error');
    expect(dialog.textContent).toContain('Requires Budget $500');
    // Behind the modal: the scene the choice was made on, as the server still has it.
    expect(router.state.location.pathname).toBe('/game/scene/intro');
    const heading = screen.getByRole('heading', { level: 1, hidden: true });
    expect(heading.textContent).toBe('The Intro');
  });

  it('shows a random event the scene did not announce, after painting the scene', async () => {
    const { router } = await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 });
    const event = {
      id: 'ev',
      title: 'A backlink',
      description: 'Someone linked to you.',
      mediaType: 'image',
      mediaUrl: null,
      videoEmbedCode: null,
      changes: [{ stat: 'gold', delta: 7 }],
    };
    releaseChoice(
      json({
        player: player('shop', 247),
        nextSceneId: 'shop',
        nextScene: scene('shop', true),
        show: { randomEvent: event },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/random-event'));
    expect(await screen.findByText('A backlink')).toBeTruthy();
  });

  const EVENT = {
    id: 'ev',
    title: 'A backlink',
    description: 'Someone linked to you.',
    mediaType: 'image',
    mediaUrl: null,
    videoEmbedCode: null,
    changes: [{ stat: 'gold', delta: 7 }],
  };

  it('waits for the answer when the scene says an event may come first: the next scene never flashes', async () => {
    introNext = { kind: 'maybe' };
    const { router } = await onIntroWithShopPrefetched();
    const paths: string[] = [];
    const stop = router.subscribe((state) => paths.push(state.location.pathname));
    const button = screen.getByRole('button', { name: /Open the shop/ });
    fireEvent.click(button);
    await waitFor(() => expect(requests).toContain('POST /api/play/choices'));
    await new Promise((r) => setTimeout(r, 50));
    // Still the scene the choice was made on, the clicked option busy.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The Intro');
    expect(button.getAttribute('aria-busy')).toBe('true');
    releaseChoice(
      json({
        player: player('shop', 247),
        nextSceneId: 'shop',
        nextScene: scene('shop', true),
        show: { randomEvent: EVENT },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/random-event'));
    expect(await screen.findByText('A backlink')).toBeTruthy();
    stop();
    expect(paths).not.toContain('/game/scene/shop');
    expect(screen.queryByRole('heading', { name: 'The Shop' })).toBeNull();
  });

  const answerOnShop = (option: Partial<PlayOption>) =>
    json({
      player: { ...player('shop', 235), choiceCount: 1, sceneCount: 2 },
      nextSceneId: 'shop',
      nextScene: scene('shop', true, option),
      show: {},
    });

  it('takes a click on the painted scene once the answer unlocks the option', async () => {
    // Prefetched against the old stats: locked. The answer's stats unlock it.
    shopOption = { locked: true, lockedReason: 'Requires Knowledge 20' };
    await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 });
    const back = screen.getByRole('button', { name: /Back to the intro/ });
    // Pending: the old lock is shown, but the option takes the click.
    expect(back.closest('ol')?.getAttribute('aria-busy')).toBe('true');
    expect((back as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(back);
    await new Promise((r) => setTimeout(r, 20));
    expect(requests.filter((r) => r === 'POST /api/play/choices')).toHaveLength(1);
    releaseChoice(answerOnShop({}));
    await waitFor(() =>
      expect(requests.filter((r) => r === 'POST /api/play/choices')).toHaveLength(2),
    );
  });

  it('refuses a click on the painted scene with the lock the answer brings', async () => {
    const toast = vi.spyOn(toasts, 'toast').mockReturnValue(null);
    await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /Back to the intro/ }));
    releaseChoice(answerOnShop({ locked: true, lockedReason: 'Requires Budget $300' }));
    expect(await screen.findByText('Requires Budget $300', { selector: 'li *' })).toBeTruthy();
    // A toast says why the click did nothing.
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Locked', description: 'Requires Budget $300' }),
      ),
    );
    expect(requests.filter((r) => r === 'POST /api/play/choices')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The Shop');
  });
  const eventAnswer = (event: typeof EVENT) =>
    json({
      player: { ...player('shop', 247), choiceCount: 1, sceneCount: 2 },
      nextSceneId: 'shop',
      nextScene: scene('shop', true),
      show: { randomEvent: event },
    });

  it('paints the event the scene names before the answer, its Continue leading to the prefetched scene', async () => {
    introNext = { kind: 'event', randomEvent: EVENT } as NextInterruption;
    const { router } = await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    // Painted while the choice is still on its way.
    expect(await screen.findByText('A backlink', {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/random-event');
    expect(requests).toContain('POST /api/play/choices');
    const paths: string[] = [];
    const stop = router.subscribe((state) => paths.push(state.location.pathname));
    releaseChoice(eventAnswer(EVENT));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue' })).toBeTruthy());
    await new Promise((r) => setTimeout(r, 50));
    // The answer agreed: the screen stays as painted.
    stop();
    expect(paths).toEqual([]);
    gameScene = 'shop';
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 });
  });

  it('shows the answer’s event when it differs from the painted one', async () => {
    introNext = { kind: 'event', randomEvent: EVENT } as NextInterruption;
    await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await screen.findByText('A backlink', {}, { timeout: 10_000 });
    releaseChoice(eventAnswer({ ...EVENT, title: 'A backlink, edited' }));
    expect(await screen.findByText('A backlink, edited')).toBeTruthy();
  });

  it('rolls the painted event back to the scene before when the choice is refused', async () => {
    introNext = { kind: 'event', randomEvent: EVENT } as NextInterruption;
    const { router } = await onIntroWithShopPrefetched();
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await screen.findByText('A backlink', {}, { timeout: 10_000 });
    releaseChoice(
      json({ error: 'Forbidden', message: 'Requires Budget $500', code: 'locked' }, 403),
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Requires Budget $500');
    expect(router.state.location.pathname).toBe('/game/scene/intro');
    // Behind the modal, once loaded again: the scene the choice was made on.
    await screen.findByRole('heading', { level: 1, hidden: true, name: 'The Intro' });
    expect(screen.queryByText('A backlink')).toBeNull();
  });
});
