import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChoiceChanges } from '../../../../core/api/play.ts';
import { ChangeLine, changeSentence } from './change-line.tsx';

const none = { stats: [], gained: [], lost: [] };
const changes: ChoiceChanges = {
  choice: {
    stats: [
      { stat: 'intelligence', delta: 5 },
      { stat: 'gold', delta: -5 },
    ],
    gained: ['Business card'],
    lost: [],
  },
  event: { title: 'A Lucky Break!', stats: [{ stat: 'gold', delta: 25 }], gained: [], lost: [] },
  arrival: { stats: [{ stat: 'gold', delta: 70 }], gained: [], lost: [] },
  why: null,
};

afterEach(cleanup);

describe('the change line', () => {
  it('says what the choice, the event and the checkpoint changed', () => {
    expect(changeSentence(changes)).toBe(
      'Your decision: +5 Knowledge · −$5 Budget · gained Business card. A Lucky Break!: +$25 Budget. As you arrive: +$70 Budget.',
    );
    expect(changeSentence({ choice: none, event: null, arrival: none, why: null })).toBe(
      'Your decision: no change.',
    );
  });

  it('says why the decision helped or hurt, right after its changes, with its own stop', () => {
    const why = 'Titles that say what the page sells help people choose it in the results';
    expect(changeSentence({ ...changes, why })).toBe(
      `Your decision: +5 Knowledge · −$5 Budget · gained Business card. Why: ${why}. A Lucky Break!: +$25 Budget. As you arrive: +$70 Budget.`,
    );
    expect(changeSentence({ ...changes, event: null, why: 'It works!' })).toContain(
      'Why: It works! As you arrive',
    );
    render(<ChangeLine title="The Invoice" changes={{ ...changes, why }} />);
    const line = screen.getByRole('status');
    // In the live region, so it is announced with the changes.
    expect(line.contains(screen.getByTestId('why-line'))).toBe(true);
    expect(screen.getByTestId('why-line').textContent).toBe(`Why: ${why}.`);
    const order = [...line.querySelectorAll('p')].map((p) => p.textContent?.split(':')[0]);
    expect(order).toEqual(['Your decision', 'Why', 'A Lucky Break!', 'As you arrive']);
  });

  it('shows no why line for an option without one', () => {
    render(<ChangeLine title="The Invoice" changes={changes} />);
    expect(screen.queryByTestId('why-line')).toBeNull();
  });

  it('is a live region with the title for screen readers and the changes for everyone', () => {
    render(<ChangeLine title="The Invoice" changes={changes} />);
    const line = screen.getByRole('status');
    expect(line.getAttribute('aria-live')).toBe('polite');
    expect(line.textContent).toContain('The Invoice. ');
    expect(line.textContent).toContain('+5 Knowledge');
    expect(screen.getByText('A Lucky Break!:')).toBeTruthy();
    expect(screen.getByText('−$5 Budget').className).toContain('text-destructive');
    expect(screen.getByText('+5 Knowledge').className).toContain('text-primary');
  });

  it('colours a change by what it does to the player: more Delusion is bad', () => {
    const delusion = { stats: [{ stat: 'delusion' as const, delta: 2 }], gained: [], lost: [] };
    render(
      <ChangeLine
        title="x"
        changes={{ choice: delusion, event: null, arrival: none, why: null }}
      />,
    );
    expect(screen.getByText('+2 Delusion').className).toContain('text-destructive');
    cleanup();
    const less = { stats: [{ stat: 'delusion' as const, delta: -3 }], gained: [], lost: [] };
    render(
      <ChangeLine title="x" changes={{ choice: less, event: null, arrival: none, why: null }} />,
    );
    expect(screen.getByText('−3 Delusion').className).toContain('text-primary');
  });

  it('keeps stat changes on one line', () => {
    render(<ChangeLine title="The Invoice" changes={changes} />);
    // A stat change never breaks after its sign on a phone; an item name may wrap.
    expect(screen.getByText('−$5 Budget').className).toContain('whitespace-nowrap');
    expect(screen.getByText('gained Business card').className).not.toContain('whitespace-nowrap');
  });

  it('stays in the page, visually empty, before any choice', () => {
    render(<ChangeLine title="Boot Sequence" changes={null} />);
    const line = screen.getByRole('status');
    expect(line.className).toContain('sr-only');
    expect(line.textContent).toBe('Boot Sequence. ');
  });
});
