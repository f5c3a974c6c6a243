import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';

/** The text of the modal when the failure has no message of its own (product rules "Screens"). */
export const NAVIGATION_ERROR_FALLBACK = 'There was a problem navigating to the next scene.';

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
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Navigation Error</DialogTitle>
          <DialogDescription>{message || NAVIGATION_ERROR_FALLBACK}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
