import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/scenes/{sceneId}: the scene editor for an existing scene. */
export function Component() {
  const { sceneId } = useParams();
  return (
    <PlaceholderPage title="Edit Scene">
      <p className="text-xl">
        Scene id: <code>{sceneId}</code>
      </p>
    </PlaceholderPage>
  );
}
