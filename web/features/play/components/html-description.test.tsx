import { act } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydration } from '../../../lib/use-hydrated.ts';
import { HtmlDescription } from './html-description.tsx';

const SOURCE =
  '<p>Hats <b>&amp; caps</b>&#x27;s</p><script>alert(1)</script><img src=x onerror=alert(2)>';

describe('an HTML description rendered on the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('serves its words as plain text, then hydrates without a difference and shows the sanitised HTML', async () => {
    // The server's version: what the component renders while a page is hydrated (the server
    // render, web/entry-server.tsx, has no DOM for DOMPurify either).
    const server = document.createElement('div');
    const serverDone = beginHydration();
    await act(async () => createRoot(server).render(<HtmlDescription source={SOURCE} />));
    serverDone();
    const html = server.innerHTML;
    expect(html).toContain("Hats &amp; caps's");
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('alert');
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const errors = vi.spyOn(console, 'error');
    const hydrated = beginHydration();
    await act(async () => {
      hydrateRoot(root, <HtmlDescription source={SOURCE} />);
    });
    // Hydration keeps the server's HTML (Preact does not patch it), so the words stay as they were.
    expect(root.querySelector('b')).toBeNull();
    await act(async () => hydrated());
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('b')?.textContent).toBe('& caps');
    expect(root.innerHTML).not.toContain('onerror');
    expect(root.querySelector('script')).toBeNull();
  });
});
