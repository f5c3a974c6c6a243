import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../../../core/game/stats.ts';
import { StatsPanel } from './stats-panel.tsx';

const stats = { ...ZERO_STATS, health: 5, gold: 200, inventory: [] };

describe('StatsPanel', () => {
  it("shows the shop's search position from SEO Ranking, with its scale", () => {
    const { rerender } = render(<StatsPanel stats={stats} />);
    const position = () => screen.getByText('Search position').nextElementSibling?.textContent;
    expect(position()).toBe('#48');
    expect(screen.getByText(/#50 at 0, #1 from 90/)).toBeTruthy();
    rerender(<StatsPanel stats={{ ...stats, health: 93 }} />);
    expect(position()).toBe('#1');
  });
});
