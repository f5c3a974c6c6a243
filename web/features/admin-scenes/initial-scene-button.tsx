import { useState } from 'react';
import { SCENE_MESSAGES } from '../../../core/api/admin-scenes.ts';
import { Button } from '../../components/ui/button.tsx';
import { failToast as fail, toast } from '../../lib/toast.ts';
import { useSceneMutations } from './api/scenes.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * 'Set as Initial Scene': asks first (every new game starts there), and refuses an ending with
 * the server's own words before asking. A new scene is only marked; its save makes it the start.
 */
export function InitialSceneButton({
  sceneId,
  title,
  isEnding,
  onMarkNew,
}: {
  /** The saved scene's id; null for a new scene. */
  sceneId: string | null;
  title: string;
  isEnding: boolean;
  onMarkNew: () => void;
}) {
  const { setInitial } = useSceneMutations();
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const name = title.trim() || sceneId || 'this scene';
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={setInitial.isPending}
        onClick={() => {
          if (isEnding) return setRefused(SCENE_MESSAGES.endingAsStart);
          setRefused(null);
          setAsking(true);
        }}
      >
        Set as Initial Scene
      </Button>
      {refused ? (
        <p role="alert" className="basis-full text-destructive">
          {refused}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Make '${name}' the initial scene?`}
        stayLabel="Cancel"
        goLabel="Set as Initial Scene"
        destructive={false}
        onStay={() => setAsking(false)}
        onGo={() => {
          setAsking(false);
          if (!sceneId) return onMarkNew();
          setInitial.mutate(sceneId, {
            onSuccess: () => toast({ title: 'Initial scene set', variant: 'default' }),
            onError: (err) => {
              setRefused(err instanceof Error ? err.message : String(err));
              fail('Failed to set as initial scene', err);
            },
          });
        }}
      >
        Every new game will start at '{name}'. The scene that is the start now stops being it; games
        already under way are not changed.
      </ConfirmDialog>
    </>
  );
}
