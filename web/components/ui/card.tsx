import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

/** A bordered panel (shadcn Card). */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-[0_0_18px_rgb(51_255_102/0.08)]',
        className,
      )}
      {...props}
    />
  );
}

/** The top block of a card: title and description. */
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="card-header" className={cn('flex flex-col gap-1', className)} {...props} />
  );
}

/** A card's title; renders an h2 by default so pages keep one h1. */
export function CardTitle({
  className,
  as: Tag = 'h2',
  ...props
}: React.ComponentProps<'h2'> & { as?: 'h1' | 'h2' | 'h3' | 'p' }) {
  return (
    <Tag
      data-slot="card-title"
      className={cn('font-retro text-2xl leading-tight text-foreground', className)}
      {...props}
    />
  );
}

/** Secondary text under a card's title. */
export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('text-lg text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The body of a card. */
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('text-lg', className)} {...props} />;
}

/** The bottom row of a card, usually buttons. */
export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn('flex flex-wrap items-center gap-2', className)}
      {...props}
    />
  );
}
