import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

/** A pulsing block that stands in for content while it loads. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-secondary', className)}
      {...props}
    />
  );
}
