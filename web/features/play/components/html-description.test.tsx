import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HtmlDescription } from './html-description.tsx';

const SOURCE =
  '<p>Hats <b>&amp; caps</b>&#x27;s</p><script>alert(1)</script><img src=x onerror=alert(2)>';

describe('an HTML description rendered on the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('serves its words as plain text, then hydrates without a difference and shows the sanitised HTML', async () => {
    const html = renderToString(<HtmlDescription source={SOURCE} />);
    expect(html).toContain('Hats &amp; caps&#x27;s');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('alert');
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(root, <HtmlDescription source={SOURCE} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('b')?.textContent).toBe('& caps');
    expect(root.innerHTML).not.toContain('onerror');
    expect(root.querySelector('script')).toBeNull();
  });
});
