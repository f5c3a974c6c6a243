import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FONT_SETTINGS } from '../../core/api/play.ts';
import type { NewGameAhead } from '../../core/api/play-start.ts';
import { TEST_STATS, testOption } from '../../test/web/play-fixtures.ts';
import { seedBootData } from '../app/boot-data.ts';
import { createQueryClient } from '../app/query-client.ts';
import { routes } from '../app/router.tsx';

const GUEST = { id: 'g1', email: null, name: 'Guest', username: null, role: 'player' as const };

const player = {
  currentSceneId: 'intro',
  currentSceneTitle: 'The Intro',
  stats: TEST_STATS,
  hasProgress: true,
  isGuest: true,
  sceneCount: 1,
  choiceCount: 0,
  finished: false,
  searchPosition: null,
  recap: null,
};

const intro = {
  id: 'intro',
  title: 'The Intro',
  subtitle: null,
  description: 'Scene intro',
  imageUrl: null,
  hasHtml: false,
  day: 1,
  isEnding: false,
  isEndOfDay: false,
  hasStatsConfig: true,
  takesChoices: true,
  options: [testOption({ id: 'intro-go', text: 'Open the shop', nextSceneId: 'shop' })],
  isCurrent: true,
  choiceMayInterrupt: true,
  nextInterruption: { kind: 'maybe' as const },
};

/** What the start screen's page carries for a visitor without a session. */
const NEW_GAME: NewGameAhead = {
  game: { player },
  scene: { scene: intro },
  sponsors: { sponsors: [] },
  fonts: { fonts: DEFAULT_FONT_SETTINGS },
  news: { items: [] },
};

const ANSWER = {
  resumed: false,
  ...NEW_GAME,
  session: { user: { ...GUEST, isAnonymous: true } },
  scene: { scene: { ...intro, choiceMayInterrupt: false, nextInterruption: null } },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let requests: string[];
/** Answers the held POST /api/play/start. */
let answerStart: (res: Response) => void;

/** Answers the start once it was sent: it leaves after the scene's paint (web/lib/after-paint.ts). */
async function answerStartWhenSent(res: Response): Promise<void> {
  await waitFor(() => expect(requests).toContain('POST /api/play/start'));
  answerStart(res);
}

function stubServer(): void {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/play/start') {
        return new Promise<Response>((resolve) => {
          answerStart = resolve;
        });
      }
      if (url === '/api/play/choices') return new Promise<Response>(() => {});
      if (url.startsWith('/api/play/scenes?ids=')) return json({ scenes: [], missing: ['shop'] });
      if (url === '/api/play/scenes/intro') return json({ scene: { ...intro, isCurrent: false } });
      return json({}, 404);
    }),
  );
}

/** The start screen as a new visitor's page hydrates it: the new game in the cache. */
function renderStart() {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  seedBootData(client, { newGame: NEW_GAME });
  // The browser's own history: the start goes by the address bar, as in the app.
  window.history.replaceState(null, '', '/');
  const router = createBrowserRouter(routes);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Lazy screens load slowly in jsdom on a busy machine.
describe('paint-ahead Start', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('paints the first scene at the click; a decision waits for the start, then is sent', async () => {
    const router = renderStart();
    fireEvent.click(await screen.findByRole('link', { name: 'Start Adventure Now' }));
    // The click's own task only renders: the start leaves after the paint.
    expect(requests.filter((r) => !r.includes('/api/pages/'))).toEqual([]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Intro' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/scene/intro');
    expect(document.title).toMatch(/^The Intro/);
    // The new game's stats are on screen before the start has answered.
    expect(screen.getAllByText('$240').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /Open the shop/ }));
    await new Promise((r) => setTimeout(r, 50));
    // Nothing but the start (and the start screen's texts) left: no session, game, scenes or decision without the session.
    expect(requests.filter((r) => !r.includes('/api/pages/'))).toEqual(['POST /api/play/start']);
    await answerStartWhenSent(json(ANSWER));
    await waitFor(() => expect(requests).toContain('POST /api/play/choices'));
    expect(requests).not.toContain('GET /api/session');
    expect(requests).not.toContain('POST /api/auth/sign-in/anonymous');
  });

  it('shows the game the answer brings when this browser had one already (another tab)', async () => {
    const router = renderStart();
    fireEvent.click(await screen.findByRole('link', { name: 'Start Adventure Now' }));
    await screen.findByRole('heading', { level: 1, name: 'The Intro' }, { timeout: 20_000 });
    const shop = { ...intro, id: 'shop', title: 'The Shop', description: 'Scene shop' };
    await answerStartWhenSent(
      json({
        ...ANSWER,
        resumed: true,
        game: { player: { ...player, currentSceneId: 'shop', currentSceneTitle: 'The Shop' } },
        scene: { scene: shop },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Shop' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/scene/shop');
    expect(document.title).toMatch(/^The Shop/);
  });

  it('goes back to the start screen with the message when the start is refused', async () => {
    const router = renderStart();
    fireEvent.click(await screen.findByRole('link', { name: 'Start Adventure Now' }));
    await screen.findByRole('heading', { level: 1, name: 'The Intro' }, { timeout: 20_000 });
    const message = 'Too many new games from your network.';
    await answerStartWhenSent(
      json({ error: 'Too Many Requests', message, code: 'rate_limited' }, 429),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(router.state.location.pathname).toBe('/');
    await new Promise((r) => setTimeout(r, 50));
    // Nothing half-done: no guest was made behind the start's back.
    expect(requests.filter((r) => !r.includes('/api/pages/'))).toEqual(['POST /api/play/start']);
  });
});
