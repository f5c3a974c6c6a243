import type { Split } from '../../../core/api/analytics.ts';

/** A count as a person reads it: 12,345. */
export const count = (n: number) => n.toLocaleString('en');

/** A guests/players split: '1,204 guests · 388 players'. */
export const splitText = (s: Split) => `${count(s.guests)} guests · ${count(s.players)} players`;
