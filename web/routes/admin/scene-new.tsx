import { useSearchParams } from 'react-router';
import { PENDING_PREFIX } from '../../../core/game/links.ts';
import { SceneEditor } from '../../features/admin-scenes/scene-editor.tsx';
import { sceneEditorExtras } from './scene-editor-extras.tsx';

/** The Scene ID a ?id= pre-fills: a placeholder's pending-… id gives its slug. */
export function newSceneId(id: string | null): string {
  const trimmed = id?.trim() ?? '';
  return trimmed.startsWith(PENDING_PREFIX) ? trimmed.slice(PENDING_PREFIX.length) : trimmed;
}

/**
 * The heading of the new-scene editor: 'New Scene: {id}' when ?id= pre-fills the id (product
 * rules "Screens"), naming the ID the Scene ID field shows.
 */
export function newSceneTitle(id: string | null): string {
  const slug = newSceneId(id);
  return slug ? `New Scene: ${slug}` : 'Create New Scene';
}

/**
 * Where 'Save & Return' leads from a new scene: back to the scene whose placeholder's 'Create
 * Scene' opened it (?from=), so the author carries on writing that branch; else the list.
 */
export function newSceneReturn(from: string | null): string {
  const id = from?.trim();
  return id ? `/admin/scenes/${encodeURIComponent(id)}` : '/admin/scenes';
}

/**
 * /admin/scenes/new[?id=&title=&from=]: the scene editor for a new scene; a pending id gives its slug,
 * and a placeholder's 'Create Scene' passes its label as the title.
 */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <SceneEditor
      key={id ?? ''}
      extras={sceneEditorExtras}
      saved={null}
      heading={newSceneTitle(id)}
      newId={newSceneId(id)}
      newTitle={params.get('title')?.trim() ?? ''}
      returnTo={newSceneReturn(params.get('from'))}
    />
  );
}
