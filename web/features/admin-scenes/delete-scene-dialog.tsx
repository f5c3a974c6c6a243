import { useState } from 'react';
import { UNDO_KEEP_DAYS } from '../../../core/api/history.ts';
import { CheckField } from '../../components/check-field.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { failToast, toast } from '../../lib/toast.ts';
import { useIncomingLinks, useSceneMutations } from './api/scenes.ts';

/**
 * Deleting a scene ('Safe deletes'): names the scenes and options that lead to it and
 * offers to turn those links into placeholders ('not yet written', joined again by a scene
 * created later with the same id) instead of leaving them broken.
 */
export function DeleteSceneDialog({
  scene,
  onClose,
  onDeleted,
}: {
  scene: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const incoming = useIncomingLinks(scene?.id ?? null);
  const { remove } = useSceneMutations();
  const [placeholders, setPlaceholders] = useState(true);
  const links = incoming.data ?? [];
  return (
    <ModalDialog
      open={scene !== null}
      onClose={onClose}
      busy={remove.isPending}
      title={`Delete '${scene?.title}'?`}
      description={`The scene and its options are deleted. For ${UNDO_KEEP_DAYS} days you can restore them, with the links that led here, from History (Recently deleted).`}
      cancelLabel="Cancel"
      actions={
        <Button
          variant="destructive"
          disabled={remove.isPending || incoming.isPending}
          onClick={() =>
            scene &&
            remove.mutate(
              { id: scene.id, placeholders: links.length > 0 && placeholders },
              {
                onSuccess: () => {
                  toast({ title: 'Scene Deleted', variant: 'default' });
                  onDeleted?.();
                  onClose();
                },
                onError: (err) => failToast('Failed to delete scene', err),
              },
            )
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete Scene'}
        </Button>
      }
    >
      {incoming.isPending ? (
        <p role="status" className="text-lg">
          Looking for links to this scene…
        </p>
      ) : incoming.isError ? (
        <p className="text-lg text-destructive">Could not check which scenes lead here.</p>
      ) : links.length === 0 ? (
        <p className="text-lg">No other scene leads here.</p>
      ) : (
        <div className="grid gap-2">
          <p className="text-lg">
            {links.length === 1 ? '1 option leads' : `${links.length} options lead`} here:
          </p>
          <ul
            className="grid max-h-48 gap-1 overflow-y-auto"
            aria-label="Options that lead here"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls; keyboard users must reach it
            tabIndex={0}
          >
            {links.map((l) => (
              <li key={l.optionId} className="text-base">
                <strong>{l.sceneTitle}</strong> ({l.sceneId}): '{l.optionText}'
              </li>
            ))}
          </ul>
          <CheckField small checked={placeholders} onChange={setPlaceholders}>
            Turn these links into placeholders (else they are left broken)
          </CheckField>
        </div>
      )}
    </ModalDialog>
  );
}
