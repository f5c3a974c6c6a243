import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EndingRecapList } from './ending-recap.tsx';

afterEach(cleanup);

describe('EndingRecapList', () => {
  it("lists the path's lessons and purchases", () => {
    render(
      <EndingRecapList
        recap={{
          lessons: ['Unique, descriptive page titles'],
          bought: ["'Guaranteed #1' package", 'Platinum backlinks'],
          lessonDays: {},
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

  it('ties each lesson to the day it was learned, in the order learned', () => {
    render(
      <EndingRecapList
        recap={{
          lessons: ['Earned links', 'Helpful content', 'From a gift'],
          bought: [],
          lessonDays: { 'Earned links': 1, 'Helpful content': 3 },
        }}
      />,
    );
    const lessons = within(screen.getByRole('list', { name: 'Lessons' })).getAllByRole('listitem');
    expect(lessons.map((li) => li.textContent)).toEqual([
      'Day 1: Earned links',
      'Day 3: Helpful content',
      'From a gift',
    ]);
  });

  it('shows what was kept and how it counts: a thrifty and a reckless game read differently', () => {
    const base = {
      health: 60,
      strength: 20,
      intelligence: 40,
      charisma: 50,
      gold: 190,
      delusion: 10,
      revenue: 30,
      inventory: [],
    };
    const recap = { lessons: [], bought: [], lessonDays: {} };
    const { rerender } = render(<EndingRecapList recap={recap} stats={base} />);
    const list = screen.getByLabelText('What you kept');
    expect(list.textContent).toContain('Money kept$190');
    expect(list.textContent).toContain('The week ahead$400');
    expect(screen.getByTestId('kept-verdict').textContent).toBe(
      'No #1 this week, but what you kept still counts: $190 in the bank and $30 a night add up to $400 for next week.',
    );
    rerender(<EndingRecapList recap={recap} stats={{ ...base, gold: 35, charisma: 10 }} />);
    expect(screen.getByTestId('kept-verdict').textContent).toContain('a grumpy shop banks half');
    expect(screen.getByLabelText('What you kept').textContent).toContain('The week ahead$140');
  });

  it('says so when there is nothing to list, and shows nothing while loading', () => {
    const { container, rerender } = render(<EndingRecapList recap={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<EndingRecapList recap={{ lessons: [], bought: [], lessonDays: {} }} />);
    expect(screen.getByText(/No lessons on this path/)).toBeTruthy();
    expect(screen.getByText(/No shortcuts/)).toBeTruthy();
  });
});
