import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EndingRecapList } from './ending-recap.tsx';

describe('EndingRecapList', () => {
  it("lists the path's lessons and purchases, leaving other items out", () => {
    render(
      <EndingRecapList
        inventory={[
          'Clean Record',
          "Bought: 'Guaranteed #1' package",
          'Lesson: Unique, descriptive page titles',
          'Bought: Platinum backlinks',
        ]}
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
    expect(screen.queryByText('Clean Record')).toBeNull();
  });

  it('says so when there is nothing to list, and shows nothing while loading', () => {
    const { container, rerender } = render(<EndingRecapList inventory={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<EndingRecapList inventory={['Clean Record']} />);
    expect(screen.getByText(/No lessons on this path/)).toBeTruthy();
    expect(screen.getByText(/No shortcuts/)).toBeTruthy();
  });
});
