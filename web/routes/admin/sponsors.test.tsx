import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app.tsx';

const ADMIN = {
  id: 'u1',
  email: 'admin@example.com',
  name: 'Admin',
  username: 'admin',
  role: 'admin',
  isAnonymous: false,
};
const FELT = {
  id: 's1',
  name: 'Felt Co',
  url: 'https://felt.example',
  imageUrl: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

/** Server stub: one sponsor; a POST answers the created sponsor. */
function answer(url: string, init?: RequestInit): unknown {
  if (url === '/api/session') return { user: ADMIN };
  if (url === '/api/admin/sponsors' && init?.method === 'POST') {
    return { ...FELT, id: 's2', ...JSON.parse(String(init.body)) };
  }
  if (url === '/api/admin/sponsors') return { sponsors: [FELT] };
  return {};
}
const posts = () =>
  (vi.mocked(fetch).mock.calls as unknown as [string, RequestInit | undefined][]).filter(
    ([url, init]) => url === '/api/admin/sponsors' && init?.method === 'POST',
  );

describe('a world collection page (sponsors)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string, init?: RequestInit) =>
          new Response(JSON.stringify(answer(url, init)), {
            status: url === '/api/admin/sponsors' && init?.method === 'POST' ? 201 : 200,
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

  it("lists the kind's columns and checks the form with the kind's schema before sending it", async () => {
    renderApp('/admin/sponsors');
    await screen.findByText('Felt Co', undefined, { timeout: 5000 });
    expect(screen.getByRole('columnheader', { name: 'URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Felt Co' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add New Sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Sponsor' });
    fireEvent.input(within(dialog).getByLabelText('Website URL'), {
      target: { value: 'felt.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Sponsor' }));
    // The schema's words, under the fields they are about; nothing was sent.
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Name and URL are required')).toBeTruthy();
    expect(within(dialog).getByText('URL must start with http:// or https://')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.input(name, { target: { value: 'Brim Supply' } });
    fireEvent.input(within(dialog).getByLabelText('Website URL'), {
      target: { value: 'https://brim.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Sponsor' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      name: 'Brim Supply',
      url: 'https://brim.example',
      imageUrl: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);
});
