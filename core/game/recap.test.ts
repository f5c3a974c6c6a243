import { describe, expect, it } from 'vitest';
import { isLesson, isReceipt } from './items.ts';
import { recapOf, standingOf } from './recap.ts';

describe('recapOf', () => {
  it('lists lessons and purchases in the order collected, without their prefixes', () => {
    const recap = recapOf([
      'Flag: Clean Record',
      'Bought: Platinum backlinks',
      'Lesson: Bought links are link spam',
      'Head-Size Guide',
      'Lesson: Unique, descriptive page titles',
      'Bought: a cloaking plugin',
    ]);
    expect(recap).toEqual({
      lessons: ['Bought links are link spam', 'Unique, descriptive page titles'],
      bought: ['Platinum backlinks', 'a cloaking plugin'],
    });
  });

  it('is empty for no inventory, junk, or a bare prefix', () => {
    expect(recapOf(null)).toEqual({ lessons: [], bought: [] });
    expect(recapOf(['Lesson: ', 'lesson: lower case', 7])).toEqual({ lessons: [], bought: [] });
  });

  it('tells lessons and receipts apart', () => {
    expect(isLesson('Lesson: x')).toBe(true);
    expect(isReceipt('Lesson: x')).toBe(false);
    expect(isReceipt('Bought: x')).toBe(true);
  });
});

describe('standingOf', () => {
  const stats = {
    health: 92,
    strength: 30,
    intelligence: 50,
    charisma: 12,
    gold: 20,
    delusion: 18,
    revenue: 45,
    inventory: [],
  };
  it('names the position, the money and what Happiness cost at the ending', () => {
    const lines = standingOf(stats);
    expect(lines.map((l) => `${l.label}: ${l.value}`)).toEqual([
      'Search position: #1',
      'Budget left: $20',
      'Sales a day: $45',
      'Happiness: 12',
    ]);
    expect(lines[3]?.note).toMatch(/below 20: half of each night's sales walked away/);
    expect(standingOf({ ...stats, charisma: 20 })[3]?.note).toBe('customers stayed');
  });
});
