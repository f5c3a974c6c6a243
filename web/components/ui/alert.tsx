import { slotted } from './slotted.tsx';

/** An inline message box; the destructive variant is announced as an alert. */
export const Alert = slotted(
  'div',
  'alert',
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border px-4 py-3 text-lg has-[>svg]:grid-cols-[1.5rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-1',
  {
    classes: {
      default: 'border-border bg-card text-card-foreground',
      destructive: 'border-destructive bg-card text-destructive',
    },
    attrs: (variant) => ({ role: variant === 'destructive' ? 'alert' : 'status' }),
  },
);

/** The first line of an alert. */
export const AlertTitle = slotted('div', 'alert-title', 'col-start-2 text-xl leading-tight');

/** The body text of an alert. */
export const AlertDescription = slotted(
  'div',
  'alert-description',
  'col-start-2 text-lg opacity-90',
);
