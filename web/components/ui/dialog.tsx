import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { X as XIcon } from '../icons.ts';
import { slotted } from './slotted.tsx';

/** A modal dialog (Radix Dialog: focus trap, Escape closes, background inert). */
export const Dialog = DialogPrimitive.Root;
/** The element that opens the dialog. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** An element that closes the dialog. */
export const DialogClose = DialogPrimitive.Close;

/** The dimmed backdrop behind a dialog. */
export const DialogOverlay = slotted(
  DialogPrimitive.Overlay,
  'dialog-overlay',
  'fixed inset-0 z-50 bg-black/80',
);

/** The panel of a Radix Dialog over a dimmed backdrop, with a close button in its corner. */
export function ModalPanel({
  slot,
  base,
  overlay,
  closeLabel,
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** The panel's data-slot. */
  slot: string;
  /** The panel's classes (the caller's className is merged over them). */
  base: string;
  overlay: React.ReactNode;
  /** The close button's name for screen readers; without it, no close button. */
  closeLabel?: string;
}) {
  return (
    <DialogPrimitive.Portal>
      {overlay}
      <DialogPrimitive.Content data-slot={slot} className={cn(base, className)} {...props}>
        {children}
        {closeLabel && (
          <DialogPrimitive.Close className="absolute top-3 right-3 cursor-pointer rounded-sm p-1 text-muted-foreground hover:text-foreground">
            <XIcon className="size-5" aria-hidden="true" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog box, centred, with a close button in its corner. */
export function DialogContent({
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  return (
    <ModalPanel
      slot="dialog-content"
      base="fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-popover p-6 text-popover-foreground shadow-[0_0_24px_rgb(51_255_102/0.15)]"
      overlay={<DialogOverlay />}
      closeLabel={showCloseButton ? 'Close' : undefined}
      {...props}
    />
  );
}

/** Title and description block of a dialog. */
export const DialogHeader = slotted('div', 'dialog-header', 'flex flex-col gap-1 pr-6');

/** The button row of a dialog. */
export const DialogFooter = slotted(
  'div',
  'dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

/** The dialog's accessible name. */
export const DialogTitle = slotted(DialogPrimitive.Title, 'dialog-title', 'text-2xl leading-tight');

/** The dialog's accessible description. */
export const DialogDescription = slotted(
  DialogPrimitive.Description,
  'dialog-description',
  'text-lg text-muted-foreground',
);
