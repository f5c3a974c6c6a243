import { cleanup, render, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { beginHydration } from '../../../lib/use-hydrated.ts';
import { NewsTicker, type TickerItem } from './news-ticker.tsx';

afterEach(cleanup);

const ITEMS: TickerItem[] = [
  { id: 'n1', content: 'Core update rolls out', link: null },
  { id: 'n2', content: 'Spam policies updated', link: 'https://example.com/spam' },
];

const copiesIn = (root: ParentNode) =>
  root.querySelector('[data-testid="news-strip"]')?.children.length ?? 0;

describe('NewsTicker', () => {
  it('first paints only the copy on screen when mounted in the browser, then all four', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    // No act(): what the first, synchronous render put in the DOM, before any effect ran.
    root.render(<NewsTicker items={ITEMS} />);
    expect(copiesIn(host)).toBe(1);
    await waitFor(() => expect(copiesIn(host)).toBe(4));
    const hidden = host.querySelectorAll('[data-testid="news-strip"] > [aria-hidden="true"]');
    expect(hidden).toHaveLength(3);
    root.unmount();
    host.remove();
  });

  it("keeps the server page's four copies while it hydrates", () => {
    const end = beginHydration();
    try {
      const { container } = render(<NewsTicker items={ITEMS} />);
      expect(copiesIn(container)).toBe(4);
    } finally {
      end();
    }
  });

  it('shows nothing without news', () => {
    const { container } = render(<NewsTicker items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
