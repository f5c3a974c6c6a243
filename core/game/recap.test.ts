import { describe, expect, it } from 'vitest';
import { isLesson, isReceipt } from './items.ts';
import { recapOf } from './recap.ts';

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
