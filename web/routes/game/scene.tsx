import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /game/scene/{sceneId} (spec §2): the scene play screen. */
export function Component() {
  const { sceneId } = useParams();
  return (
    <PlaceholderPage title="Scene">
      <p className="text-xl">
        Scene id: <code>{sceneId}</code>
      </p>
    </PlaceholderPage>
  );
}
