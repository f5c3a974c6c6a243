import type { CountingProgress, Split } from '../../../core/api/analytics.ts';

/** A count as a person reads it: 12,345. */
export const count = (n: number) => n.toLocaleString('en');

/** A count and its noun, singular for one: '1 guest', '12,345 guests'. */
const counted = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/** A guests/players split: '1,204 guests · 1 player'. */
export const splitText = (s: Split) =>
  `${counted(s.guests, 'guest')} · ${counted(s.players, 'player')}`;

/**
 * A backlog being counted, in words: 'Still counting a restored log: 412,000 of 1,000,000
 * decisions (41%); these figures will grow until it is done.'
 */
export const countingText = (c: CountingProgress) =>
  `Still counting a restored log: ${count(c.counted)} of ${count(c.total)} decisions (${c.percent}%); these figures will grow until it is done.`;
