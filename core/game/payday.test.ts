import { describe, expect, it } from 'vitest';
import { arrivalStats, closeTheDay, GRUMPY_BELOW } from './payday.ts';
import { cloneStats, ZERO_STATS } from './stats.ts';

const stats = (over: Partial<typeof ZERO_STATS>) => ({ ...cloneStats(ZERO_STATS), ...over });

describe('closeTheDay', () => {
  it('pays the Revenue into Budget when Happiness is fine', () => {
    const day = closeTheDay(stats({ gold: 10, revenue: 35, charisma: GRUMPY_BELOW }));
    expect(day.stats.gold).toBe(45);
    expect(day.stats.revenue).toBe(35);
    expect(day).toMatchObject({ banked: 35, lost: 0 });
  });

  it('banks only half (rounded down) when Happiness is below the line', () => {
    const day = closeTheDay(stats({ gold: 10, revenue: 35, charisma: GRUMPY_BELOW - 1 }));
    expect(day.stats.gold).toBe(27);
    expect(day).toMatchObject({ banked: 17, lost: 18 });
  });
});

describe('arrivalStats', () => {
  it('applies the payday only at an end-of-day scene', () => {
    const s = stats({ gold: 5, revenue: 20, charisma: 50 });
    expect(arrivalStats(s, { is_end_of_day: true }).gold).toBe(25);
    expect(arrivalStats(s, { is_end_of_day: 1 }).gold).toBe(25);
    expect(arrivalStats(s, { is_end_of_day: false }).gold).toBe(5);
    expect(arrivalStats(s, {})).toBe(s);
  });
});
