import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SceneEditor } from './scene-editor.tsx';

describe('SceneEditor', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ scenes: [], total: 0 }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a save with empty required fields puts the cursor in the first one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider
          router={createMemoryRouter([
            { path: '/', element: <SceneEditor saved={null} heading="Create New Scene" /> },
          ])}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Scene' }));
    expect(await screen.findByText('Scene must have an ID')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('scene-id'));
  });
});
