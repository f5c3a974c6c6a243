import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../../../core/game/stats.ts';
import { StatsPanel } from './stats-panel.tsx';

const stats = { ...ZERO_STATS, health: 5, gold: 200, inventory: [] };

afterEach(cleanup);

describe('StatsPanel', () => {
  it("shows the shop's search position from SEO Ranking, with its scale", () => {
    const { rerender } = render(<StatsPanel stats={stats} />);
    const position = () => screen.getByText('Search position').nextElementSibling?.textContent;
    expect(position()).toBe('#48');
    expect(screen.getByText(/#50 at 0, #1 from 90/)).toBeTruthy();
    rerender(<StatsPanel stats={{ ...stats, health: 93 }} />);
    expect(position()).toBe('#1');
  });

  it('lists the items a player holds, purchases by name, lessons folded apart, never story flags', () => {
    const inventory = [
      'Flag: Clean Record',
      'Lesson: Unique, descriptive page titles',
      'Head-Size Guide',
      'Bought: Platinum backlinks',
      'Lesson: Helpful, people-first content',
    ];
    render(<StatsPanel stats={{ ...stats, inventory }} />);
    const panel = screen.getByRole('region', { name: 'Player Stats' });
    const lists = within(panel).getAllByRole('list', { hidden: true });
    expect(lists[0]!.textContent).toBe('Head-Size GuidePlatinum backlinks');
    expect(within(panel).getByText('Lessons learned (2)')).toBeTruthy();
    expect(lists[1]!.textContent).toBe(
      'Unique, descriptive page titlesHelpful, people-first content',
    );
    expect(panel.textContent).not.toContain('Clean Record');
    expect(panel.textContent).not.toContain('Bought:');
    expect(panel.textContent).not.toContain('Lesson:');
  });

  it('says Empty when only story flags are held', () => {
    render(<StatsPanel stats={{ ...stats, inventory: ['Flag: Spam'] }} />);
    expect(screen.getByText('Empty')).toBeTruthy();
    expect(screen.queryByText(/Lessons learned/)).toBeNull();
  });
});
