import type { PlayerStatsView } from '../../core/api/play.ts';

/** A player's stats as GET /api/play/game answers them, for web tests with a stubbed server. */
export const TEST_STATS: PlayerStatsView = {
  health: 5,
  strength: 10,
  intelligence: 10,
  charisma: 60,
  gold: 240,
  delusion: 20,
  revenue: 0,
  inventory: [],
};
