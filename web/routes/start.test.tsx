import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/web/render-app.tsx';

const rain = vi.hoisted(() => ({ crash: false }));
vi.mock('../features/home/components/digital-rain-canvas.tsx', () => ({
  DigitalRainCanvas: () => {
    if (rain.crash) throw new Error('canvas exploded');
    return <div data-testid="rain" aria-hidden="true" />;
  },
}));

function serveHome(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('start screen /', () => {
  beforeEach(() => {
    rain.crash = false;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('falls back to the default texts when the home page cannot be loaded', async () => {
    const fetchMock = serveHome(500, { error: 'Internal Server Error', message: 'boom' });
    renderApp('/');
    const title = await screen.findByRole('heading', { level: 1, name: 'SEO Adventure' });
    expect(title).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Your SEO adventure awaits...')).toBeTruthy());
    const start = screen.getByRole('link', { name: 'Start Adventure Now' });
    expect(start.getAttribute('href')).toBe('/game');
    const howTo = screen.getByRole('link', { name: 'How to Play' });
    expect(howTo.getAttribute('href')).toBe('/page/how-to-play');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pages/home');
    // The defaults show while the request is still settling; the busy flag follows it.
    await waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('false'));
  });

  it('shows the stored home page texts', async () => {
    serveHome(200, {
      slug: 'home',
      title: 'Home Page',
      content: JSON.stringify({
        title: 'Hat Quest',
        subtitle: 'Rank or vanish.',
        description: 'A game about hats.',
        buttonText: 'Go!',
      }),
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Go!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hat Quest');
    expect(screen.getByText('Rank or vanish.')).toBeTruthy();
    expect(screen.getByText('A game about hats.')).toBeTruthy();
    expect(screen.queryByText('Your SEO adventure awaits...')).toBeNull();
  });

  it('shows the not-found page when the start screen fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveHome(200, {});
    rain.crash = true;
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
