import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SEARCH_POSITION_LAST,
  SEARCH_POSITION_TOP_SCORE,
  searchPosition,
  searchPositionLabel,
} from './search-position.ts';

describe('searchPosition', () => {
  it('maps the story start (5), the middle and the top to positions a player reads', () => {
    expect(searchPosition(0)).toBe(SEARCH_POSITION_LAST);
    expect(searchPosition(5)).toBe(48);
    expect(searchPosition(45)).toBe(26);
    expect(searchPosition(89)).toBe(2);
    expect(searchPosition(SEARCH_POSITION_TOP_SCORE)).toBe(1);
    expect(searchPosition(100)).toBe(1);
    expect(searchPositionLabel(5)).toBe('#48');
  });

  it('treats negative and non-finite scores as 0', () => {
    expect(searchPosition(-10)).toBe(50);
    expect(searchPosition(Number.NaN)).toBe(50);
    expect(searchPosition(Number.POSITIVE_INFINITY)).toBe(50);
  });

  it('is #1 only from the top score, and a higher score is never a worse position', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(searchPosition(hi)).toBeLessThanOrEqual(searchPosition(lo));
          expect(searchPosition(lo) === 1).toBe(lo >= SEARCH_POSITION_TOP_SCORE);
          expect(Number.isInteger(searchPosition(lo))).toBe(true);
        },
      ),
    );
  });
});
