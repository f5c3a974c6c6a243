import { slotted } from './slotted.tsx';

/** A text input in the theme's colours. */
export const Input = slotted(
  'input',
  'input',
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-lg text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:mr-3 file:border-0 file:bg-secondary file:px-2 file:text-secondary-foreground',
);
