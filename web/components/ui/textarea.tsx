import { slotted } from './slotted.tsx';

/** A multi-line text field in the theme's colours. */
export const Textarea = slotted(
  'textarea',
  'textarea',
  'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-lg text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
);
