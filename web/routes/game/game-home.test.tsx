import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerGame } from '../../../core/api/play.ts';
import { TEST_STATS as stats } from '../../../test/web/play-fixtures.ts';
import { renderApp } from '../../../test/web/render-app.tsx';

const player = (currentSceneId: string | null, finished = false): PlayerGame => ({
  currentSceneId,
  currentSceneTitle: currentSceneId ? 'Boot Sequence' : null,
  stats,
  hasProgress: currentSceneId !== null,
  isGuest: true,
  sceneCount: currentSceneId ? 3 : 0,
  choiceCount: currentSceneId ? 2 : 0,
  finished,
  searchPosition: null,
  recap: null,
});

/** A server with one guest whose saved scene is `saved`; records the POSTs. */
function serve(saved: string | null, finished = false) {
  const posts: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push(url);
      if (url === '/api/session') {
        return json({
          user: { id: 'g1', email: null, name: 'Guest', role: 'player', isAnonymous: true },
        });
      }
      if (url === '/api/play/game') return json({ player: player(saved, finished) });
      if (url === '/api/play/game/start') return json({ player: player('intro') });
      if (url === '/api/play/game/continue') return json({ player: player(saved ?? 'intro') });
      return json({ error: 'Not Found', message: 'not here' }, 404);
    }),
  );
  return posts;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/game, the game home', () => {
  it('takes a player with no game straight into the first scene', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const posts = serve(null);
    const { router } = renderApp('/game');
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/scene/intro'), {
      timeout: 4000,
    });
    expect(posts).toEqual(['/api/play/game/continue']);
    expect(screen.queryByRole('button', { name: 'Continue Adventure' })).toBeNull();
  });

  it('offers Continue Adventure as the main button to a player with progress', async () => {
    const posts = serve('d1-titles');
    const { router } = renderApp('/game');
    const main = await screen.findByRole(
      'button',
      { name: 'Continue Adventure' },
      { timeout: 4000 },
    );
    const other = screen.getByRole('button', { name: 'Start New Game' });
    expect(main.className).toContain('bg-primary');
    expect(other.className).not.toContain('bg-primary');
    expect(screen.getByTestId('progress').textContent).toBe('Boot Sequence');
    expect(router.state.location.pathname).toBe('/game');
    expect(posts).toEqual([]);
  });

  it('shows a finished game as finished: Play again, no Continue Adventure', async () => {
    const posts = serve('the-end', true);
    const { router } = renderApp('/game');
    const again = await screen.findByRole('button', { name: 'Play again' }, { timeout: 4000 });
    expect(screen.getByTestId('progress').textContent).toBe('Finished: Boot Sequence');
    expect(screen.queryByRole('button', { name: 'Continue Adventure' })).toBeNull();
    again.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/scene/intro'));
    expect(posts).toEqual(['/api/play/game/start']);
  });

  it('asks before Start New Game wipes a game in progress', async () => {
    const posts = serve('d1-titles');
    const { router } = renderApp('/game');
    const start = await screen.findByRole('button', { name: 'Start New Game' }, { timeout: 4000 });
    start.click();
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a new game?' });
    expect(dialog.textContent).toContain('Boot Sequence');
    expect(posts).toEqual([]);
    screen.getByRole('button', { name: 'Keep playing' }).click();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);
    screen.getByRole('button', { name: 'Start New Game' }).click();
    (await screen.findByRole('button', { name: 'Start over' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/scene/intro'));
    expect(posts).toEqual(['/api/play/game/start']);
  });
});
