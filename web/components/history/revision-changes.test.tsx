import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RevisionChanges } from './revision-changes.tsx';

afterEach(cleanup);

const LONG = Array.from(
  { length: 26 },
  (_, i) => `Sentence ${i} tells of hats, felt and the shop on the corner.`,
).join(' ');

describe('what restoring a revision changes', () => {
  it('shows a one-word edit in a long text as that word, not the whole text twice', () => {
    const now = LONG.replace('Sentence 12 tells of hats', 'Sentence 12 tells of caps');
    render(
      <RevisionChanges
        revision={3}
        changes={[{ field: 'Description', before: LONG, after: now }]}
        pending={false}
        error={null}
      />,
    );
    const line = screen.getByTestId('word-diff');
    expect(line.querySelector('del')?.textContent).toBe('[goes: caps,]');
    expect(line.querySelector('ins')?.textContent).toBe('[comes back: hats,]');
    // A few words around the change, not 780 characters.
    expect((line.textContent ?? '').length).toBeLessThan(150);
    expect(screen.queryByText(LONG)).toBeNull();
  });

  it('shows a rewrite side by side', () => {
    render(
      <RevisionChanges
        revision={2}
        changes={[{ field: 'Title', before: 'The Hat Fair', after: 'Rained Out' }]}
        pending={false}
        error={null}
      />,
    );
    expect(screen.queryByTestId('word-diff')).toBeNull();
    screen.getByText('The Hat Fair');
    screen.getByText('Rained Out');
  });
});
