import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EndingRecapList } from './ending-recap.tsx';

describe('EndingRecapList', () => {
  it("lists the path's lessons and purchases", () => {
    render(
      <EndingRecapList
        recap={{
          lessons: ['Unique, descriptive page titles'],
          bought: ["'Guaranteed #1' package", 'Platinum backlinks'],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'What you learned' })).toBeTruthy();
    const lessons = within(screen.getByRole('list', { name: 'Lessons' })).getAllByRole('listitem');
    expect(lessons.map((li) => li.textContent)).toEqual(['Unique, descriptive page titles']);
    const bought = within(screen.getByRole('list', { name: 'Purchases' })).getAllByRole('listitem');
    expect(bought.map((li) => li.textContent)).toEqual([
      "'Guaranteed #1' package",
      'Platinum backlinks',
    ]);
  });

  it('says so when there is nothing to list, and shows nothing while loading', () => {
    const { container, rerender } = render(<EndingRecapList recap={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<EndingRecapList recap={{ lessons: [], bought: [] }} />);
    expect(screen.getByText(/No lessons on this path/)).toBeTruthy();
    expect(screen.getByText(/No shortcuts/)).toBeTruthy();
  });
});
