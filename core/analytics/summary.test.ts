import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarize } from './summary.ts';

describe('summarize', () => {
  it('gives min, median, mean, max and buckets', () => {
    const s = summarize([10, 0, 5, 20, Number.NaN], 4);
    expect(s).toMatchObject({ count: 4, min: 0, median: 7.5, mean: 8.75, max: 20 });
    expect(s.buckets.map((b) => b.count)).toEqual([1, 1, 1, 1]);
    expect(s.buckets[0]).toMatchObject({ from: 0, to: 5 });
  });

  it('handles no values and equal values', () => {
    expect(summarize([]).count).toBe(0);
    expect(summarize([3, 3, 3]).buckets).toEqual([{ from: 3, to: 3, count: 3 }]);
  });

  it('puts every value in exactly one bucket', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1 }), (xs) => {
        const s = summarize(xs);
        expect(s.buckets.reduce((n, b) => n + b.count, 0)).toBe(xs.length);
        expect(s.min).toBeLessThanOrEqual(s.median);
        expect(s.median).toBeLessThanOrEqual(s.max);
      }),
    );
  });
});
