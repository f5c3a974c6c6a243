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

  it('lists the items a player holds and the lessons learned apart, never story flags', () => {
    const inventory = [
      'Flag: Clean Record',
      'Lesson: Unique titles',
      'Head-Size Guide',
      'Lesson: Earned links',
    ];
    render(<StatsPanel stats={{ ...stats, inventory }} />);
    const panel = screen.getByRole('region', { name: 'Player Stats' });
    const texts = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(texts(within(panel).getByRole('list', { name: 'Lessons learned' }))).toEqual([
      'Unique titles',
      'Earned links',
    ]);
    const all = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(all).toEqual(['Head-Size Guide', 'Unique titles', 'Earned links']);
    expect(panel.textContent).not.toContain('Clean Record');
    expect(panel.textContent).not.toContain('Lesson:');
  });

  it('says Empty and None yet when only story flags are held', () => {
    render(<StatsPanel stats={{ ...stats, inventory: ['Flag: Spam'] }} />);
    expect(screen.getByText('Empty')).toBeTruthy();
    expect(screen.getByText('Lessons learned').nextElementSibling?.textContent).toBe('None yet');
    expect(screen.queryByText(/Spam/)).toBeNull();
  });

  it('states the real ranges: SEO Ranking 0 to 150, Revenue what the shop sells in a day', () => {
    render(<StatsPanel stats={stats} />);
    const legend = screen.getByTestId('stats-legend').textContent ?? '';
    expect(legend).toContain('0 to 150');
    expect(legend).not.toContain('0 to 100: how well');
    expect(legend).toMatch(/Revenue: What the shop sells in a day/);
    expect(legend).not.toContain('Sales so far');
  });
});
