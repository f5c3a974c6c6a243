import { describe, expect, it } from 'vitest';
import { count, countingText, splitText } from './format.ts';

describe('analytics counts', () => {
  it('read as a person reads them: separators, one guest, many players', () => {
    expect(count(500000)).toBe('500,000');
    expect(splitText({ guests: 1, players: 0 })).toBe('1 guest · 0 players');
    expect(splitText({ guests: 10000, players: 1 })).toBe('10,000 guests · 1 player');
  });

  it('say how far a restored log is counted', () => {
    expect(countingText({ counted: 412_000, total: 1_000_000, percent: 41 })).toBe(
      'Still counting a restored log: 412,000 of 1,000,000 decisions (41%); these figures will grow until it is done.',
    );
  });
});
