import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';

/**
 * 'Start a new game?' asked before 'Start New Game' wipes a game in progress: what is lost (the
 * scene reached and the stats), 'Keep playing' (focused, the safe answer) and 'Start over'.
 */
export function NewGameDialog({
  open,
  sceneTitle,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  sceneTitle: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      busy={busy}
      role="alertdialog"
      title="Start a new game?"
      description={`Your game in progress (at “${sceneTitle}”) and its stats will be lost. The new game starts from the beginning.`}
      cancelLabel="Keep playing"
      cancelFocus
      actions={
        <Button onClick={onConfirm} disabled={busy}>
          Start over
        </Button>
      }
    />
  );
}
