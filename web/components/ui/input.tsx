import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

/** A text input in the theme's colours. */
export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-lg text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:mr-3 file:border-0 file:bg-secondary file:px-2 file:text-secondary-foreground',
        className,
      )}
      {...props}
    />
  );
}
