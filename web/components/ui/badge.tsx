import { slotted } from './slotted.tsx';

/** A small label such as 'Initial' or 'Active'. */
export const Badge = slotted(
  'span',
  'badge',
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-base leading-tight',
  {
    classes: {
      default: 'border-primary bg-primary text-primary-foreground',
      secondary: 'border-secondary bg-secondary text-secondary-foreground',
      destructive: 'border-destructive-strong bg-destructive-strong text-destructive-foreground',
      outline: 'border-border text-foreground',
    },
  },
);
