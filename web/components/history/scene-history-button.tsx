import { History } from 'lucide-react';
import { useState } from 'react';
import type { SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import { Button } from '../../components/ui/button.tsx';
import { doneToast, failToast } from '../../lib/toast.ts';
import { fetchSceneWithOptions } from './api/history.ts';
import { HistoryDialog } from './history-dialog.tsx';

/**
 * 'History' in the scene editor's header: the scene's revisions in a dialog. A restore is saved
 * from the version the editor shows (a scene saved by someone else since is refused), and the
 * editor then shows the restored scene.
 */
export function SceneHistoryButton({
  saved,
  unsaved,
  onRestored,
}: {
  saved: SceneWithOptions;
  unsaved: boolean;
  onRestored: (scene: SceneWithOptions) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <History aria-hidden="true" /> History
      </Button>
      <HistoryDialog
        kind="scene"
        itemId={saved.scene.id}
        itemName={saved.scene.title}
        open={open}
        onClose={() => setOpen(false)}
        version={saved.scene.version}
        unsaved={unsaved}
        onRestored={(revision) => {
          setOpen(false);
          fetchSceneWithOptions(saved.scene.id).then(
            (scene) => {
              onRestored(scene);
              doneToast(`Revision restored (saved as revision ${revision})`);
            },
            (err) => failToast('Restored, but the editor could not reload the scene', err),
          );
        }}
      />
    </>
  );
}
