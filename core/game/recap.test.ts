import { describe, expect, it } from 'vitest';
import { isLesson, isReceipt } from './items.ts';
import { lessonDaysOf, recapOf, standingOf } from './recap.ts';

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
      lessonDays: {},
    });
  });

  it('is empty for no inventory, junk, or a bare prefix', () => {
    expect(recapOf(null)).toEqual({ lessons: [], bought: [], lessonDays: {} });
    expect(recapOf(['Lesson: ', 'lesson: lower case', 7])).toEqual({
      lessons: [],
      bought: [],
      lessonDays: {},
    });
  });

  it('tells lessons and receipts apart', () => {
    expect(isLesson('Lesson: x')).toBe(true);
    expect(isReceipt('Lesson: x')).toBe(false);
    expect(isReceipt('Bought: x')).toBe(true);
  });
});

describe('lessonDaysOf', () => {
  it('gives each lesson the day of the decision that first added it', () => {
    const days = lessonDaysOf([
      { day: 1, added: ['Flag: Clean Record', 'Lesson: Earned links'] },
      { day: 2, added: ['Lesson: Helpful content', 'Bought: Platinum backlinks'] },
      { day: 3, added: ['Lesson: Earned links'] },
    ]);
    expect(days).toEqual({ 'Earned links': 1, 'Helpful content': 2 });
  });

  it('counts a scene without a day as the last day seen; before any day, no day', () => {
    const days = lessonDaysOf([
      { day: null, added: ['Lesson: Too early'] },
      { day: 2, added: [] },
      { day: null, added: ['Lesson: Side scene of day 2'] },
    ]);
    expect(days).toEqual({ 'Side scene of day 2': 2 });
  });
});

describe('recapOf with days', () => {
  it('keeps the days of the lessons still held, by label', () => {
    const recap = recapOf(['Lesson: A', 'Lesson: B', 'Hat'], { A: 1, Gone: 4 });
    expect(recap).toEqual({ lessons: ['A', 'B'], bought: [], lessonDays: { A: 1 } });
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
  it('names the position, the money, the goodwill and the week ahead they add up to', () => {
    const { lines, weekAhead } = standingOf(stats);
    expect(lines.map((l) => `${l.label}: ${l.value}`)).toEqual([
      'Search position: #1',
      'Money kept: $20',
      'Goodwill (Happiness): 12',
      'Sales a day: $45',
      'Know-how (Knowledge): 50',
      'The week ahead: $174',
    ]);
    // Grumpy: $22 of the $45 is banked each night, for 7 nights.
    expect(weekAhead).toBe(20 + 7 * 22);
    expect(lines[2]?.note).toMatch(/below 20: half of each night's sales walk away/);
    expect(lines[3]?.note).toBe('only $22 of it banked each night');
    expect(standingOf({ ...stats, charisma: 20 }).lines[2]?.note).toMatch(/banked in full/);
  });

  it('ends a careful, a thrifty and a reckless game with different reasons', () => {
    const careful = standingOf({ ...stats, health: 95, charisma: 40, gold: 60, revenue: 50 });
    const thrifty = standingOf({ ...stats, health: 70, charisma: 45, gold: 190, revenue: 25 });
    const reckless = standingOf({ ...stats, health: 80, charisma: 8, gold: 0, revenue: 20 });
    const spent = standingOf({ ...stats, health: 52, charisma: 24, gold: 0, revenue: 41 });
    const grumpy = standingOf({ ...stats, health: 80, charisma: 8, gold: 35, revenue: 20 });
    const broke = standingOf({ ...stats, health: 30, charisma: 30, gold: 0, revenue: 0 });
    expect(careful.verdict).toBe(
      "You reached #1 and kept your customers' goodwill: the shop starts next week with $410 in hand and coming in.",
    );
    expect(thrifty.verdict).toBe(
      'No #1 this week, but what you kept still counts: $190 in the bank and $25 a night add up to $365 for next week.',
    );
    expect(reckless.verdict).toBe(
      'Nothing left in the bank: the $10 a night the shop banks is all it has, with nothing spare for a bill.',
    );
    expect(spent.verdict).toBe(
      'Nothing left in the bank: the $41 a night the shop banks is all it has, with nothing spare for a bill.',
    );
    expect(grumpy.verdict).toBe(
      'No #1 this week, and a grumpy shop banks half its sales: what you kept adds up to $105 for next week.',
    );
    expect(broke.verdict).toBe(
      'Nothing was kept: the shop starts next week with no money and no sales.',
    );
    expect(standingOf({ ...stats, charisma: 5, revenue: 41 }).verdict).toBe(
      'You reached #1, but a grumpy shop banks only half its sales: next week starts with $160, not the $307 it could have.',
    );
  });

  it('counts a negative Budget as nothing kept', () => {
    expect(standingOf({ ...stats, gold: -30, charisma: 50, revenue: 0 }).weekAhead).toBe(0);
  });
});
