import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/web/render-app.tsx';
import {
  ADMIN_USER,
  answer,
  json,
  PLAYER_ON_INTRO,
  resetStub,
  stub,
} from '../../test/web/router-server.ts';

const PLAYER_PAGES: [string, string][] = [
  ['/auth', 'SEO Adventure Game'],
  // The game screens show what the play API (stubbed below) answers.
  ['/game', 'SEO Adventure'],
  ['/game/scene/intro', 'Brim & Proper: Boot Sequence'],
  ['/game/advertisement/ad-1', 'Millinery Masterclass'],
  ['/take-a-break', 'Take a Break'],
  ['/consultants', 'The SEO Experts'],
  ['/consultant-submission', 'Become an SEO Consultant'],
  ['/page/about', 'About'],
  ['/page/how-to-play', 'How to Play'],
  ['/page/become-a-sponsor', 'Become a Sponsor'],
];

const ADMIN_PAGES: [string, string][] = [
  ['/admin', 'Dashboard'],
  ['/admin/scenes', 'Scenes Management'],
  ['/admin/scenes/new', 'Create New Scene'],
  ['/admin/scenes/new?id=pending-shop', 'New Scene: shop'],
  ['/admin/scenes/intro', 'Edit Scene'],
  ['/admin/random-events', 'Random Events Management'],
  ['/admin/font-settings', 'Font Management'],
  ['/admin/sponsors', 'Sponsor Management'],
  ['/admin/consultants', 'Consultant Management'],
  ['/admin/news', 'News Scroller Management'],
  ['/admin/homepage-editor', 'Homepage Editor'],
  ['/admin/seo-settings', 'SEO & Scripts'],
  ['/admin/advertisements', 'Advertisements'],
  ['/admin/pages', 'Footer Pages'],
  ['/admin/story-map', 'Story Map'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/import-export', 'Import / Export'],
  ['/admin/history', 'History'],
];

async function onlyHeading(): Promise<string> {
  // The first import of a lazy screen can take a while in jsdom: the first admin screens bring
  // react-hook-form and zod, which no player page imports (docs/performance.md, 'The 100 KB goal').
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  return h1.textContent ?? '';
}

describe('routes of product rules "Screens"', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    resetStub();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(answer(url))),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each(PLAYER_PAGES)('%s shows "%s" inside the game layout', async (path, title) => {
    renderApp(path);
    expect(await onlyHeading()).toBe(title);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'SEO Adventure' }).getAttribute('href')).toBe(
      '/',
    );
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    // The footer comes in the render after the layout's first paint (web/lib/use-after-first-paint.ts).
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/page/about',
      '/page/how-to-play',
      '/page/become-a-sponsor',
      '/consultant-submission',
      '/teach',
    ]);
    expect(within(footer).getByRole('link', { name: 'Become a Consultant' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'For teachers' })).toBeTruthy();
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
  });

  it.each(ADMIN_PAGES)(
    '%s shows "%s" in the admin layout, not the game layout',
    async (path, title) => {
      stub.user = ADMIN_USER;
      renderApp(path);
      expect(await onlyHeading()).toBe(title);
      expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Play Game' }).getAttribute('href')).toBe('/game');
      expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
    },
    20_000,
  );

  it('redirects /game/{sceneId} to /game/scene/{sceneId}', async () => {
    stub.player = {
      ...PLAYER_ON_INTRO,
      currentSceneId: 'shop-front',
      currentSceneTitle: 'The Shop Front',
    };
    const { router } = renderApp('/game/shop-front');
    expect(await onlyHeading()).toBe('The Shop Front');
    expect(router.state.location.pathname).toBe('/game/scene/shop-front');
  });

  it('signs a visitor in as a guest and shows the game home with the progress line', async () => {
    renderApp('/game');
    expect(await onlyHeading()).toBe('SEO Adventure');
    expect(screen.getByTestId('progress').textContent).toBe('Brim & Proper: Boot Sequence');
    expect(screen.getByRole('button', { name: 'Continue Adventure' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start New Game' })).toBeTruthy();
    const calls = vi.mocked(fetch).mock.calls as unknown as [string, RequestInit][];
    expect(calls.find(([url]) => url === '/api/auth/sign-in/anonymous')?.[1].method).toBe('POST');
  });

  it('explains on the game home that the saved scene was removed and where Continue resumes', async () => {
    stub.player = { ...PLAYER_ON_INTRO, currentSceneId: 'gone', currentSceneTitle: null };
    stub.recovery = {
      reason: 'scene-removed',
      sceneId: 'shop-front',
      sceneTitle: 'The Shop Front',
    };
    renderApp('/game');
    expect(await onlyHeading()).toBe('SEO Adventure');
    expect(screen.getByTestId('progress').textContent).toBe('Unknown');
    const note = screen.getByTestId('recovery').textContent ?? '';
    expect(note).toContain('The scene you saved on has been removed by the authors.');
    expect(note).toContain('“The Shop Front”');
    expect(screen.getByRole('button', { name: 'Continue Adventure' })).toBeTruthy();
  });

  it('shows a scene with its options, a locked option with its reason, and the stats', async () => {
    renderApp('/game/scene/intro');
    expect(await onlyHeading()).toBe('Brim & Proper: Boot Sequence');
    const options = screen.getByRole('region', { name: 'What will you do?' });
    const buttons = within(options).getAllByRole('button');
    expect(buttons.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true]);
    expect(within(options).getByText('Requires Budget 500')).toBeTruthy();
    const stats = await screen.findByRole('region', { name: 'Player Stats' });
    await waitFor(() => expect(within(stats).getByText('$240')).toBeTruthy());
    expect(within(stats).getByText('Clean Record')).toBeTruthy();
  });

  it('shows the advertisement with its call to action and a Continue button', async () => {
    renderApp('/game/advertisement/ad-1');
    expect(await onlyHeading()).toBe('Millinery Masterclass');
    expect(screen.getByRole('link', { name: /Learn More/ }).getAttribute('href')).toBe(
      'https://example.com/masterclass',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('keeps the player on the saved scene: another scene id goes to the saved one', async () => {
    const { router } = renderApp('/game/scene/shop-front');
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/scene/intro'));
    expect(await onlyHeading()).toBe('Brim & Proper: Boot Sequence');
  });

  it('says /game/random-event without an event has none, and Continue goes to the saved scene', async () => {
    const { router } = renderApp('/game/random-event');
    expect(await onlyHeading()).toBe('No random event right now');
    screen.getByRole('button', { name: 'Continue' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/scene/intro'));
    expect(await onlyHeading()).toBe('Brim & Proper: Boot Sequence');
  });

  it.each(['/no-such-page', '/admin/no-such-page', '/page/no-such-page', '/game/scene/a/b'])(
    '%s shows the 404 page on its own and logs the path',
    async (path) => {
      renderApp(path);
      expect(await onlyHeading()).toBe('Oops! Page not found');
      expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
      expect(screen.queryByRole('banner')).toBeNull();
      // Logged by an effect of the not-found screen, which may run after its first paint.
      await waitFor(() => expect(console.warn).toHaveBeenCalledWith('404: unknown route', path));
    },
  );

  it('shows the landing page with its cards and both buttons to /auth', async () => {
    renderApp('/landing');
    expect(await onlyHeading()).toBe('SEO Adventure');
    for (const stat of ['Ranking', 'Traffic', 'Revenue', 'Knowledge']) {
      expect(screen.getByRole('heading', { level: 3, name: stat })).toBeTruthy();
    }
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    for (const name of ['Start Your SEO Journey', 'Play Now']) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/auth');
    }
  });

  it('shows the Scene Not Found card for an unknown scene id, with a way back', async () => {
    stub.user = ADMIN_USER;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/admin/scenes/nope')
          ? new Response(
              JSON.stringify({
                error: 'Not Found',
                message: 'The requested scene could not be found',
              }),
              {
                status: 404,
                headers: { 'content-type': 'application/json' },
              },
            )
          : json(answer(url)),
      ),
    );
    renderApp('/admin/scenes/nope');
    await screen.findByRole('heading', { level: 1, name: 'Scene Not Found' }, { timeout: 5000 });
    expect(await onlyHeading()).toBe('Scene Not Found');
    expect(screen.getByText('The scene "nope" could not be found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Scenes List' }).getAttribute('href')).toBe(
      '/admin/scenes',
    );
  });

  it('links every admin page from the dashboard cards', async () => {
    stub.user = ADMIN_USER;
    renderApp('/admin');
    await onlyHeading();
    const main = screen.getByRole('main');
    const hrefs = within(main)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/scenes',
      '/admin/story-map',
      '/admin/analytics',
      '/admin/import-export',
      '/admin/random-events',
      '/admin/font-settings',
      '/admin/sponsors',
      '/admin/consultants',
      '/admin/news',
      '/admin/homepage-editor',
      '/admin/seo-settings',
      '/admin/advertisements',
      '/admin/pages',
      '/admin/history',
    ]);
  });

  it('opens the admin drawer with the sidebar groups and an Account group', async () => {
    stub.user = ADMIN_USER;
    renderApp('/admin/news');
    await onlyHeading();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' });
    for (const group of [
      'Dashboard',
      'Game Content',
      'Story',
      'Website',
      'Customization',
      'Account',
    ]) {
      expect(within(drawer).getByText(group, { selector: 'p' })).toBeTruthy();
    }
    for (const link of ['Scenarios', 'News Items', 'Random Events', 'Homepage', 'SEO & Scripts']) {
      expect(within(drawer).getByRole('link', { name: link })).toBeTruthy();
    }
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Sponsors' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sponsor Management' }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('logs out from the admin header and goes to /', async () => {
    stub.user = ADMIN_USER;
    // The start screen's rain canvas has nothing to draw on in jsdom.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { router } = renderApp('/admin');
    await onlyHeading();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const calls = vi.mocked(fetch).mock.calls as unknown as [string, RequestInit][];
    const signOut = calls.find(([url]) => url === '/api/auth/sign-out');
    expect(signOut?.[1].method).toBe('POST');
  });
});
