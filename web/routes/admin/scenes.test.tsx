import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SceneSummary } from '../../../core/api/admin-scenes.ts';
import { renderApp } from '../../../test/web/render-app.tsx';

const ADMIN = {
  id: 'u1',
  email: 'admin@example.com',
  name: 'Admin',
  username: 'admin',
  role: 'admin',
  isAnonymous: false,
};
const SCENES: SceneSummary[] = [
  {
    id: 'intro',
    title: 'Brim & Proper',
    subtitle: 'Day 1',
    reference: 'teaches crawling',
    isStart: true,
    updatedAt: '2026-11-22T10:00:00.000Z',
  },
  {
    id: 'd1-robots',
    title: 'robots.txt: The Bouncer',
    subtitle: null,
    reference: null,
    isStart: false,
    updatedAt: '2026-11-22T10:00:00.000Z',
  },
];

/** Server stub: the list answers by `q` (only 'robots' matches), or with no scenes at all. */
let stored = SCENES;
function answer(url: string): unknown {
  if (url === '/api/session') return { user: ADMIN };
  if (url.startsWith('/api/admin/scenes?')) {
    const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
    const scenes = stored.filter((s) => !q || s.id.includes(q) || s.title.includes(q));
    return { scenes, total: scenes.length, page: 1, pageSize: 24 };
  }
  return {};
}
const listCalls = () =>
  (vi.mocked(fetch).mock.calls as unknown as [string][])
    .map(([url]) => url)
    .filter((u) => u.startsWith('/api/admin/scenes?'));

describe('Scenes Management', () => {
  beforeEach(() => {
    stored = SCENES;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string) =>
          new Response(JSON.stringify(answer(url)), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('searches on the server once typing pauses for 300 ms, then shows the empty state', async () => {
    renderApp('/admin/scenes');
    await screen.findByText('robots.txt: The Bouncer', undefined, { timeout: 5000 });
    expect(screen.getByText('Initial')).toBeTruthy();
    const box = screen.getByPlaceholderText('Search scenes by title, description or ID...');
    const before = listCalls().length;
    fireEvent.input(box, { target: { value: 'r' } });
    fireEvent.input(box, { target: { value: 'ro' } });
    fireEvent.input(box, { target: { value: 'robots' } });
    // Nothing is asked while typing goes on…
    await new Promise((r) => setTimeout(r, 150));
    expect(listCalls().length).toBe(before);
    // …then one search for the whole term.
    await waitFor(() => expect(listCalls().some((u) => u.includes('q=robots'))).toBe(true));
    expect(listCalls().filter((u) => /q=ro(&|$)|q=r(&|$)/.test(u))).toEqual([]);
    await waitFor(() => expect(screen.queryByText('Brim & Proper')).toBeNull());
    fireEvent.input(box, { target: { value: 'zebra' } });
    await screen.findByText('No scenes match your search');
  });

  it('says when the database has no scenes', async () => {
    stored = [];
    renderApp('/admin/scenes');
    await screen.findByText('No scenes found in database', undefined, { timeout: 5000 });
  });
});
