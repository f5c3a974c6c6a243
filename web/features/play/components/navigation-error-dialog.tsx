import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The text of the modal when the failure has no message of its own (product rules "Screens"). */
const NAVIGATION_ERROR_FALLBACK = 'There was a problem navigating to the next scene.';

/**
 * Modal 'Navigation Error' (product rules "Screens"): the error message (or the fallback) and 'Reload Page'.
 * `message` null means closed; closing hands control back to the options.
 */
export function NavigationErrorDialog({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={message !== null}
      onClose={onClose}
      title="Navigation Error"
      description={message || NAVIGATION_ERROR_FALLBACK}
      actions={<Button onClick={() => window.location.reload()}>Reload Page</Button>}
    />
  );
}
