import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** The heading of the new-scene editor: 'New Scene: {id}' when ?id= pre-fills the id (spec §2). */
export function newSceneTitle(id: string | null): string {
  const trimmed = id?.trim();
  return trimmed ? `New Scene: ${trimmed}` : 'Create New Scene';
}

/** /admin/scenes/new: the scene editor for a new scene. */
export function Component() {
  const [params] = useSearchParams();
  return <PlaceholderPage title={newSceneTitle(params.get('id'))} />;
}
