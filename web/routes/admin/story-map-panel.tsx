import { Link } from 'react-router';
import type { SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import { placeholderTitle } from '../../../core/api/admin-scenes-form.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useAdminScene } from '../../features/admin-scenes/api/scenes.ts';
import { SceneEditor } from '../../features/admin-scenes/scene-editor.tsx';
import { itemsNeeded, PlayFromHereButton } from '../../features/story-map/play-from-here.tsx';

/**
 * What the map's side panel edits: a stored scene, or a new one for a placeholder/missing link
 * (`link`: the pending or missing id the new scene's title comes from).
 */
export type MapEditTarget =
  | { kind: 'scene'; id: string }
  | { kind: 'new'; id: string; link: string };

/**
 * The scene editor in the map's side panel ('The map is a place to write'): the same
 * one-save form as the editor page, so a branch is written without leaving the map.
 */
export function MapEditorPanel({
  target,
  onSaved,
  onClose,
  onDirtyChange,
  onCreateScene,
}: {
  target: MapEditTarget;
  onSaved: (saved: SceneWithOptions) => void;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onCreateScene: (pendingId: string) => void;
}) {
  const scene = useAdminScene(target.kind === 'scene' ? target.id : undefined);
  const panel = { onSaved, onClose, onDirtyChange, onCreateScene };
  if (target.kind === 'new') {
    const title = placeholderTitle(target.link);
    return (
      <SceneEditor
        key={`new:${target.id}`}
        saved={null}
        heading={`New Scene: ${title || target.id}`}
        newId={target.id}
        newTitle={title}
        panel={panel}
      />
    );
  }
  if (scene.error) {
    return (
      <p role="alert" className="text-lg">
        The scene "{target.id}" could not be loaded.
      </p>
    );
  }
  if (!scene.data) {
    return (
      <p role="status" className="text-lg">
        Loading the scene…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <SceneEditor
        key={`scene:${target.id}`}
        saved={scene.data}
        heading={scene.data.scene.title}
        panel={panel}
      />
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/admin/scenes/${encodeURIComponent(target.id)}`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          Open the full editor
        </Link>
        <PlayFromHereButton
          sceneId={target.id}
          sceneTitle={scene.data.scene.title}
          returnTo="/admin/story-map"
          neededItems={itemsNeeded(scene.data.options)}
          size="sm"
        />
      </div>
    </div>
  );
}
