import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /game/advertisement/{adId} (spec §2): an advertisement between scenes. */
export function Component() {
  return <PlaceholderPage title="Advertisement" />;
}
