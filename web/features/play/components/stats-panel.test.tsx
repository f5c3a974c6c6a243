import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../../../core/game/stats.ts';
import { StatsPanel } from './stats-panel.tsx';

const stats = { ...ZERO_STATS, health: 5, gold: 200, inventory: [] };

afterEach(cleanup);

describe('StatsPanel', () => {
  it('shows the search position the server revealed, else a question mark and why', () => {
    const { rerender } = render(<StatsPanel stats={stats} position={null} />);
    const position = () => screen.getByText('Search position').nextElementSibling?.textContent;
    expect(position()).toBe('?');
    expect(screen.getByText(/when you check the search results/)).toBeTruthy();
    rerender(<StatsPanel stats={stats} position={12} />);
    expect(position()).toBe('#12');
    expect(screen.queryByText(/when you check the search results/)).toBeNull();
  });

  it('explains every stat in a fold a keyboard reaches; Delusion says lower is better', () => {
    render(<StatsPanel stats={stats} />);
    const legend = screen.getByTestId('stats-legend');
    expect(legend.tagName).toBe('DETAILS');
    expect(within(legend).getByText('What the stats mean').tagName).toBe('SUMMARY');
    expect(legend.textContent).toContain('Lower is better');
    expect(legend.textContent).toContain('Knowledge');
  });

  it('lists the items a player holds, never story flags, lessons or receipts', () => {
    const inventory = ['Flag: Clean Record', 'Lesson: Unique titles', 'Head-Size Guide'];
    render(<StatsPanel stats={{ ...stats, inventory }} />);
    const panel = screen.getByRole('region', { name: 'Player Stats' });
    const items = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Head-Size Guide']);
    expect(panel.textContent).not.toContain('Clean Record');
    expect(panel.textContent).not.toContain('Unique titles');
  });

  it('says Empty when only story flags are held', () => {
    render(<StatsPanel stats={{ ...stats, inventory: ['Flag: Spam'] }} />);
    expect(screen.getByText('Empty')).toBeTruthy();
    expect(screen.queryByText(/Lessons learned/)).toBeNull();
  });
});
