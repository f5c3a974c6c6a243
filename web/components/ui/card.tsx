import type * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { slotted } from './slotted.tsx';

/** A bordered panel (shadcn Card). */
export const Card = slotted(
  'div',
  'card',
  'flex flex-col gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-[0_0_18px_rgb(51_255_102/0.08)]',
);

/** The top block of a card: title and description. */
export const CardHeader = slotted('div', 'card-header', 'flex flex-col gap-1');

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
export const CardDescription = slotted('p', 'card-description', 'text-lg text-muted-foreground');

/** The body of a card. */
export const CardContent = slotted('div', 'card-content', 'text-lg');

/** The bottom row of a card, usually buttons. */
export const CardFooter = slotted('div', 'card-footer', 'flex flex-wrap items-center gap-2');

/** A card with a title over its content, the usual section of a page; other props go to the content. */
export function SectionCard({
  title,
  cardClassName,
  ...content
}: React.ComponentProps<'div'> & { title: React.ReactNode; cardClassName?: string }) {
  return (
    <Card className={cardClassName}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent {...content} />
    </Card>
  );
}
