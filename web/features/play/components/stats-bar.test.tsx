import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZERO_STATS } from '../../../../core/game/stats.ts';
import { StatsBar } from './stats-bar.tsx';

afterEach(cleanup);

describe('StatsBar (phones)', () => {
  it('counts the lessons learned, so a new one shows without scrolling to the panel', () => {
    const inventory = [
      'Flag: Shortcut: Cloaking',
      'Lesson: Earned links',
      'Hat',
      'Lesson: E-E-A-T',
    ];
    const { container, rerender } = render(
      <StatsBar stats={{ ...ZERO_STATS, inventory: [] }} position={null} />,
    );
    const count = () =>
      container.querySelector('[data-bar-stat="lessons"] dd')?.textContent ?? 'no bar';
    expect(count()).toBe('0');
    rerender(<StatsBar stats={{ ...ZERO_STATS, inventory }} position={null} />);
    expect(count()).toBe('2');
    expect(screen.getByText('Lessons learned')).toBeTruthy();
  });
});
