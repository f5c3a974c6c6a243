import { AdvertisementScreen } from '../../features/play/components/advertisement-screen.tsx';

/** /game/advertisement/{adId} (spec §2): an advertisement between scenes. */
export function Component() {
  return <AdvertisementScreen />;
}
