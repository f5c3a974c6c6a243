import type { Split } from '../../../core/api/analytics.ts';

/** A count as a person reads it: 12,345. */
export const count = (n: number) => n.toLocaleString('en');

/** A count and its noun, singular for one: '1 guest', '12,345 guests'. */
const counted = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/** A guests/players split: '1,204 guests · 1 player'. */
export const splitText = (s: Split) =>
  `${counted(s.guests, 'guest')} · ${counted(s.players, 'player')}`;
