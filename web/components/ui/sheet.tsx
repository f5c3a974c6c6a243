import { Dialog as SheetPrimitive } from 'radix-ui';
import type * as React from 'react';
import { ModalPanel } from './dialog.tsx';

/** A slide-in drawer built on Radix Dialog (used for the admin sidebar on small screens). */
export const Sheet = SheetPrimitive.Root;
/** The element that opens the drawer. */
export const SheetTrigger = SheetPrimitive.Trigger;
/** An element that closes the drawer. */
export const SheetClose = SheetPrimitive.Close;
/** The drawer's accessible name. */
export const SheetTitle = SheetPrimitive.Title;
/** The drawer's accessible description. */
export const SheetDescription = SheetPrimitive.Description;

/** The drawer panel, sliding in from the left edge. */
export function SheetContent(props: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <ModalPanel
      slot="sheet-content"
      base="fixed inset-y-0 left-0 z-50 flex h-full w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-r border-border bg-background p-4 shadow-[0_0_24px_rgb(51_255_102/0.15)] data-[state=open]:animate-[slide-in-left_200ms_ease-out]"
      overlay={
        <SheetPrimitive.Overlay
          data-slot="sheet-overlay"
          className="fixed inset-0 z-50 bg-black/80 data-[state=open]:animate-[fade-in_150ms_ease-out]"
        />
      }
      closeLabel="Close menu"
      {...props}
    />
  );
}
