import type { PlayerStatsView, PlayOption } from '../../core/api/play.ts';

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

/** An option as the play API answers it: open, leading to a scene, unless `fields` say otherwise. */
export function testOption(
  fields: Pick<PlayOption, 'id' | 'text' | 'nextSceneId'> & Partial<PlayOption>,
): PlayOption {
  return {
    nextUrl: null,
    isPending: false,
    locked: false,
    lockedReason: null,
    buttonIcon: null,
    ...fields,
  };
}
