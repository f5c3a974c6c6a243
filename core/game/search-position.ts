/**
 * The shop's place in the results for its main search, worked out from the SEO score (the
 * `health` stat, 'SEO Ranking'). One scale players understand: a higher score is a better
 * (smaller) position, from #50 at a score of 0 to #1 at SEARCH_POSITION_TOP_SCORE and above.
 */

/** The SEO score at which the shop reaches position #1 (the story's rank #1 ending needs it too). */
export const SEARCH_POSITION_TOP_SCORE = 90;
/** The position of a shop with an SEO score of 0: the bottom of the first five pages. */
export const SEARCH_POSITION_LAST = 50;

/**
 * The search position for an SEO score: #50 at 0, one place up for every ~1.84 points, #1 from
 * a score of 90. Scores below 0 or not finite count as 0; whole positions only.
 */
export function searchPosition(score: number): number {
  const s = Number.isFinite(score) ? Math.max(0, score) : 0;
  if (s >= SEARCH_POSITION_TOP_SCORE) return 1;
  const climbed = Math.floor((s * (SEARCH_POSITION_LAST - 1)) / SEARCH_POSITION_TOP_SCORE);
  return Math.max(2, SEARCH_POSITION_LAST - climbed);
}

/** 'Position #48' style label of a score. */
export function searchPositionLabel(score: number): string {
  return `#${searchPosition(score)}`;
}
