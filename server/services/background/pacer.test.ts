import { describe, expect, it } from 'vitest';
import { BUSY_ROWS_PER_S, restAfter } from './pacer.ts';

/*
 * The pacer's rest after a slice (docs/analytics.md 'Never in the players' way'): decisions from
 * given slice times, no clock.
 */

/** Slices as a pacer sees them: rows, ms the slice took, ms since its turn began. */
const slices = [
  { n: 250, took: 10, since: 10 },
  { n: 250, took: 10, since: 30 },
  { n: 50, took: 120, since: 125 },
  { n: 2000, took: 40, since: 45 },
  { n: 20_000, took: 60, since: 60 },
];

describe.each(['sqlite', 'postgres'] as const)('the rest after a slice on %s', (dialect) => {
  it('is none when nobody is about: a backlog left alone is counted at full speed', () => {
    for (const slice of slices) expect(restAfter(dialect, false, slice)).toBe(0);
  });

  it('keeps the pace within BUSY_ROWS_PER_S while players are about', () => {
    for (const slice of slices) {
      const rest = restAfter(dialect, true, slice);
      // The turn (its wait, the slice, the rest) lasts at least the rows' share of a second.
      expect(slice.since + rest).toBeGreaterThanOrEqual(
        Math.floor((slice.n / BUSY_ROWS_PER_S) * 1000),
      );
    }
  });

  it('is at least a share of the slice, however few its rows', () => {
    const share = dialect === 'sqlite' ? 1 : 0.5;
    for (const slice of slices)
      expect(restAfter(dialect, true, slice)).toBeGreaterThanOrEqual(
        Math.round(slice.took * share),
      );
  });
});
