import { Toaster as Sonner } from 'sonner';
import { TOAST_LIMIT } from '../../lib/toast.ts';

/** Where toasts appear; show them through `toast()` of web/lib/toast.ts, never sonner directly. */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      closeButton
      toastOptions={{
        classNames: {
          toast:
            'rounded-lg! border! border-border! bg-card! font-retro! text-lg! text-card-foreground!',
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
