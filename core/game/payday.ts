import type { PlayerStats } from './stats.types.ts';

/**
 * Below this Happiness a grumpy shop loses customers: the night's takings are halved
 * (product rules "Play" 'Payday').
 */
export const GRUMPY_BELOW = 20;

/** What closing a day banked: the takings paid into Budget and what low Happiness cost. */
export interface Payday {
  stats: PlayerStats;
  banked: number;
  lost: number;
}

/**
 * Closing a game day (product rules "Play" 'Payday'): Revenue is what the shop sells in a day,
 * so on reaching an end-of-day scene it is paid into Budget. When Happiness is below
 * GRUMPY_BELOW, only half is banked (rounded down): the other half is customers lost. Called
 * after the arrival's checkpoint, only for end-of-day scenes; returns new stats.
 */
export function closeTheDay(stats: PlayerStats): Payday {
  const takings = Math.max(0, Math.floor(stats.revenue));
  const banked = stats.charisma < GRUMPY_BELOW ? Math.floor(takings / 2) : takings;
  return {
    stats: { ...stats, inventory: [...stats.inventory], gold: stats.gold + banked },
    banked,
    lost: takings - banked,
  };
}

/** The stats a player has on arriving at a scene: the payday applies at an end-of-day scene. */
export function arrivalStats(
  stats: PlayerStats,
  scene: { is_end_of_day?: boolean | number | null },
): PlayerStats {
  return scene.is_end_of_day === true || scene.is_end_of_day === 1
    ? closeTheDay(stats).stats
    : stats;
}
