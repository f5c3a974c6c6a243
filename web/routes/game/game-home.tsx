import { GameHomeScreen } from '../../features/play/components/game-home-screen.tsx';

/** /game (product rules "Screens"): game home with 'Continue Adventure' and 'Start New Game'. */
export function Component() {
  return <GameHomeScreen />;
}
