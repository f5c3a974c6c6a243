import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_LIMIT, toasterMounted } from '../../lib/toast.ts';

/**
 * Where toasts appear: bottom left (docs/scene-layout.md "Toasts"). At the top they covered the
 * header and the line saying what a choice did; at the bottom right they sat on the options
 * column of wide screens. On phones they span the bottom edge, under the screen's first lines.
 * Show them through `toast()` of web/lib/toast.ts, never sonner directly. Mounted with the
 * first toast (see AppProviders); sonner's own listener is set up in its effect, which runs
 * before this one, so toasts waiting for it are released here.
 */
export function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      theme="dark"
      position="bottom-left"
      visibleToasts={TOAST_LIMIT}
      closeButton
      toastOptions={{
        classNames: {
          toast: `rounded-lg! border! border-border! bg-card! font-retro! text-lg! text-card-foreground!`,
          title: 'text-xl!',
          description: 'text-muted-foreground!',
          error: 'border-destructive! text-destructive!',
          actionButton: 'bg-primary! text-primary-foreground!',
          closeButton: 'border-border! bg-card! text-foreground!',
        },
      }}
    />
  );
}
