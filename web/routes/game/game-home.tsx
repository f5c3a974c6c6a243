import { GameHomeScreen } from '../../features/play/components/game-home-screen.tsx';
import { useEndPlaytestHere } from '../../features/play/components/playtest-bar.tsx';

/**
 * /game (product rules "Screens"): game home with 'Continue Adventure' and 'Start New Game', for
 * the player's own game: an admin's play-test ends here.
 */
export function Component() {
  useEndPlaytestHere();
  return <GameHomeScreen />;
}
