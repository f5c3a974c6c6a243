import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_LIMIT, toasterMounted } from '../../lib/toast.ts';

/**
 * Where toasts appear: at the top, over the header band below the news ticker, so a toast never
 * covers a scene's options (at the bottom right it sat on them at 1366×768 and on phones); show them through `toast()` of web/lib/toast.ts, never sonner directly.
 * Mounted with the first toast (see AppProviders); sonner's own listener is set up in its effect,
 * which runs before this one, so toasts waiting for it are released here.
 */
/** Pixels from the top: the news ticker's height and a small gap. */
const TICKER_CLEARANCE = 44;
/**
 * On phones a toast spans the screen's width, so it sat on a dialog's close button (top right)
 * for the 7 s of a failed save; it stops short of that corner, which stays tappable.
 */
const PHONE_TOAST = 'max-sm:w-[calc(100%-5.5rem)]!';

export function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      theme="dark"
      position="top-center"
      offset={{ top: TICKER_CLEARANCE }}
      mobileOffset={{ top: TICKER_CLEARANCE }}
      visibleToasts={TOAST_LIMIT}
      closeButton
      toastOptions={{
        classNames: {
          toast: `rounded-lg! border! border-border! bg-card! font-retro! text-lg! text-card-foreground! ${PHONE_TOAST}`,
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
