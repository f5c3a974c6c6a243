import { AdvertisementScreen } from '../../features/play/components/advertisement-screen.tsx';

/** /game/advertisement/{adId} (product rules "Screens"): an advertisement between scenes. */
export function Component() {
  return <AdvertisementScreen />;
}
