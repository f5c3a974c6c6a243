import { RandomEventScreen } from '../../features/play/components/random-event-screen.tsx';

/** /game/random-event (product rules "Screens"): a random event shown during play. */
export function Component() {
  return <RandomEventScreen />;
}
