import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater } from './hydrate-later.tsx';
import { beginHydration, useHydrated } from './use-hydrated.ts';

/** What the server renders for Page (HydrateLater's children in their `display: contents` element). */
const SERVER_HTML =
  '<main><button type="button">Scene</button></main>' +
  '<div class="contents"><footer><button type="button">Later</button><p>hydrating</p></footer></div>';

function Footer({ onClick }: { onClick: () => void }) {
  // The server rendered 'hydrating': a part hydrated later still hydrates as such.
  const hydrated = useHydrated();
  return (
    <footer>
      <button type="button" onClick={onClick}>
        Later
      </button>
      <p>{hydrated ? 'hydrated' : 'hydrating'}</p>
    </footer>
  );
}

function Page({ onScene, onLater }: { onScene: () => void; onLater: () => void }) {
  return (
    <>
      <main>
        <button type="button" onClick={onScene}>
          Scene
        </button>
      </main>
      <HydrateLater>
        <Footer onClick={onLater} />
      </HydrateLater>
    </>
  );
}

describe('HydrateLater on a server-rendered page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('keeps its server HTML, hydrates it in a later task, still as hydration', async () => {
    const root = document.createElement('div');
    root.innerHTML = SERVER_HTML;
    document.body.append(root);
    const [scene, later] = [...root.querySelectorAll('button')];
    const onScene = vi.fn();
    const onLater = vi.fn();
    const errors = vi.spyOn(console, 'error');

    const finish = beginHydration();
    act(() => {
      hydrateRoot(root, <Page onScene={onScene} onLater={onLater} />);
    });
    // The screen is hydrated; the later part is the server's HTML, without its handlers.
    scene?.click();
    later?.click();
    expect(onScene).toHaveBeenCalledTimes(1);
    expect(onLater).not.toHaveBeenCalled();
    expect(root.innerHTML).toBe(SERVER_HTML);

    let done = false;
    const finished = finish().then(() => {
      done = true;
    });
    // Its turn is a task of its own, after hydrateRoot's.
    expect(done).toBe(false);
    await act(async () => finished);
    // The same elements (not made again), now with their handlers, and a second render once
    // hydration is over.
    const [scene2, later2] = [...root.querySelectorAll('button')];
    expect(scene2).toBe(scene);
    expect(later2).toBe(later);
    later?.click();
    expect(onLater).toHaveBeenCalledTimes(1);
    expect(root.querySelector('p')?.textContent).toBe('hydrated');
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders at once when the browser mounts it itself', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const onLater = vi.fn();
    const { createRoot } = await import('react-dom/client');
    act(() => createRoot(root).render(<Page onScene={() => {}} onLater={onLater} />));
    root.querySelectorAll('button')[1]?.click();
    expect(onLater).toHaveBeenCalledTimes(1);
    expect(root.querySelector('footer p')?.textContent).toBe('hydrated');
  });
});
