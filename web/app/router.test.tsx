import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

const PLAYER_PAGES: [string, string][] = [
  ['/auth', 'SEO Adventure Game'],
  ['/game', 'Game Home'],
  ['/game/scene/intro', 'Scene'],
  ['/game/advertisement/ad-1', 'Advertisement'],
  ['/game/random-event', 'Random Event'],
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
  ['/admin/scenes/new?id=pending-shop', 'New Scene: pending-shop'],
  ['/admin/scenes/intro', 'Edit Scene'],
  ['/admin/random-events', 'Random Events Management'],
  ['/admin/font-settings', 'Font Management'],
  ['/admin/sponsors', 'Sponsor Management'],
  ['/admin/consultants', 'Consultant Management'],
  ['/admin/news', 'News Scroller Management'],
  ['/admin/homepage-editor', 'Homepage Editor'],
  ['/admin/seo-settings', 'SEO & Scripts'],
];

const ADMIN_USER = {
  id: 'u1',
  email: 'admin@example.com',
  name: 'Admin',
  username: 'admin',
  role: 'admin',
  isAnonymous: false,
};
/** Who GET /api/session says is signed in: nobody for player pages, an admin for admin pages. */
const session: { user: typeof ADMIN_USER | null } = { user: null };

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

async function onlyHeading(): Promise<string> {
  // The first import of a lazy screen (e.g. the auth forms) can take a while in jsdom.
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  return h1.textContent ?? '';
}

describe('routes of spec §2', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    session.user = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(url === '/api/session' ? { user: session.user } : {})),
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
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/page/about',
      '/page/how-to-play',
      '/page/become-a-sponsor',
      '/consultant-submission',
    ]);
    expect(within(footer).getByRole('link', { name: 'Become a Consultant' })).toBeTruthy();
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
  });

  it.each(ADMIN_PAGES)(
    '%s shows "%s" in the admin layout, not the game layout',
    async (path, title) => {
      session.user = ADMIN_USER;
      renderApp(path);
      expect(await onlyHeading()).toBe(title);
      expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Play Game' }).getAttribute('href')).toBe('/game');
      expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
    },
  );

  it('redirects /game/{sceneId} to /game/scene/{sceneId}', async () => {
    const { router } = renderApp('/game/shop-front');
    expect(await onlyHeading()).toBe('Scene');
    expect(router.state.location.pathname).toBe('/game/scene/shop-front');
    expect(screen.getByText('shop-front')).toBeTruthy();
  });

  it.each(['/no-such-page', '/admin/no-such-page', '/page/no-such-page', '/game/scene/a/b'])(
    '%s shows the 404 page on its own and logs the path',
    async (path) => {
      renderApp(path);
      expect(await onlyHeading()).toBe('Oops! Page not found');
      expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
      expect(screen.queryByRole('banner')).toBeNull();
      expect(console.warn).toHaveBeenCalledWith('404: unknown route', path);
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

  it('links every admin page from the dashboard cards', async () => {
    session.user = ADMIN_USER;
    renderApp('/admin');
    await onlyHeading();
    const main = screen.getByRole('main');
    const hrefs = within(main)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/scenes',
      '/admin/random-events',
      '/admin/font-settings',
      '/admin/sponsors',
      '/admin/consultants',
      '/admin/news',
      '/admin/homepage-editor',
    ]);
  });

  it('opens the admin drawer with the sidebar groups and an Account group', async () => {
    session.user = ADMIN_USER;
    renderApp('/admin/news');
    await onlyHeading();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' });
    for (const group of ['Dashboard', 'Game Content', 'Website', 'Customization', 'Account']) {
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
    session.user = ADMIN_USER;
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
