import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /game (spec §2): game home with 'Continue Adventure' and 'Start New Game'. */
export function Component() {
  return <PlaceholderPage title="Game Home" />;
}
