import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { useAdminScene } from '../../features/admin-scenes/api/scenes.ts';
import { DeleteSceneDialog } from '../../features/admin-scenes/delete-scene-dialog.tsx';
import { SceneEditor } from '../../features/admin-scenes/scene-editor.tsx';
import { itemsNeeded, PlayFromHereButton } from '../../features/story-map/play-from-here.tsx';

/**
 * What the map's side panel edits: a stored scene, or a new one for a placeholder/missing link
 * (`link`: the pending or missing id the new scene's title comes from).
 */
export type MapEditTarget =
  | { kind: 'scene'; id: string }
  | { kind: 'new'; id: string; link: string; title: string };

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
  onDeleted,
}: {
  target: MapEditTarget;
  onSaved: (saved: SceneWithOptions) => void;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onCreateScene: (pendingId: string, name: string) => void;
  /** The scene was deleted (from the panel's 'Delete Scene'). */
  onDeleted: () => void;
}) {
  // The scene being deleted: its dialog stays mounted while the scene's data goes away.
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  return (
    <>
      <PanelBody
        target={target}
        panel={{ onSaved, onClose, onDirtyChange, onCreateScene }}
        onDelete={setDeleting}
      />
      <DeleteSceneDialog scene={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </>
  );
}

/** The panel's content: the editor of a new or stored scene, or why it cannot be shown. */
function PanelBody({
  target,
  panel,
  onDelete,
}: {
  target: MapEditTarget;
  panel: {
    onSaved: (saved: SceneWithOptions) => void;
    onClose: () => void;
    onDirtyChange: (dirty: boolean) => void;
    onCreateScene: (pendingId: string, name: string) => void;
  };
  onDelete: (scene: { id: string; title: string }) => void;
}) {
  const scene = useAdminScene(target.kind === 'scene' ? target.id : undefined);
  if (target.kind === 'new') {
    const title = target.title;
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
        <Button
          variant="destructive"
          size="sm"
          onClick={() => onDelete({ id: target.id, title: scene.data.scene.title })}
        >
          <Trash2 aria-hidden="true" /> Delete Scene
        </Button>
      </div>
    </div>
  );
}
