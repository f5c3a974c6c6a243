import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /game/random-event (spec §2): a random event shown during play. */
export function Component() {
  return <PlaceholderPage title="Random Event" />;
}
