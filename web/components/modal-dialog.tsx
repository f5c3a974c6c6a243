import type { FormEvent, ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog.tsx';

/**
 * The app's modal: a title, an optional description (the dialog's accessible name and
 * description), the body, and a row of buttons. Escape, a click outside or the corner button
 * call `onClose`, except while `busy`. With `cancelLabel`, the row starts with that button
 * (outline, disabled while busy, `onClose`); with `onSubmit`, the whole dialog is one form, so a
 * submit button in `actions` sends it.
 */
export function ModalDialog({
  open,
  onClose,
  busy = false,
  title,
  description,
  role,
  showCloseButton,
  className,
  onSubmit,
  cancelLabel,
  cancelFocus,
  actions,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** While true (a save is running), the dialog stays open and Cancel is disabled. */
  busy?: boolean;
  title: ReactNode;
  /** Plain text, or block content (it is rendered in a div). */
  description?: ReactNode;
  /** 'alertdialog' for a question that must be answered. */
  role?: 'alertdialog';
  showCloseButton?: boolean;
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  cancelLabel?: string;
  /** The Cancel button has the focus when the dialog opens (the safe answer). */
  cancelFocus?: boolean;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const body = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description !== undefined && (
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        )}
      </DialogHeader>
      {children}
      <DialogFooter>
        {cancelLabel !== undefined && (
          <Button
            type="button"
            variant="outline"
            onClick={onClose}
            disabled={busy}
            autoFocus={cancelFocus}
          >
            {cancelLabel}
          </Button>
        )}
        {actions}
      </DialogFooter>
    </>
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      {/* role only when set: an undefined one would replace Radix's role="dialog" */}
      <DialogContent
        {...(role && { role })}
        showCloseButton={showCloseButton}
        className={className}
      >
        {onSubmit ? (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            {body}
          </form>
        ) : (
          body
        )}
      </DialogContent>
    </Dialog>
  );
}
