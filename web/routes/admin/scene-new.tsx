import { useSearchParams } from 'react-router';
import { PENDING_PREFIX } from '../../../core/game/links.ts';
import { SceneEditor } from '../../features/admin-scenes/scene-editor.tsx';
import { sceneEditorExtras } from './scene-editor-extras.tsx';

/** The heading of the new-scene editor: 'New Scene: {id}' when ?id= pre-fills the id (product rules "Screens"). */
export function newSceneTitle(id: string | null): string {
  const trimmed = id?.trim();
  return trimmed ? `New Scene: ${trimmed}` : 'Create New Scene';
}

/**
 * /admin/scenes/new[?id=&title=]: the scene editor for a new scene; a pending id gives its slug,
 * and a placeholder's 'Create Scene' passes its label as the title.
 */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const slug = id.startsWith(PENDING_PREFIX) ? id.slice(PENDING_PREFIX.length) : id;
  return (
    <SceneEditor
      key={id}
      extras={sceneEditorExtras}
      saved={null}
      heading={newSceneTitle(params.get('id'))}
      newId={slug}
      newTitle={params.get('title')?.trim() ?? ''}
    />
  );
}
