import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

const variants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md border font-retro text-xl leading-none tracking-wide transition-[color,background-color,box-shadow] disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'border-primary bg-primary text-primary-foreground hover:bg-accent-foreground hover:shadow-[0_0_12px_var(--glow)]',
        destructive:
          'border-destructive-strong bg-destructive-strong text-destructive-foreground hover:brightness-110',
        outline:
          'border-border bg-background text-foreground hover:border-primary hover:bg-accent hover:text-accent-foreground',
        secondary: 'border-secondary bg-secondary text-secondary-foreground hover:bg-accent',
        ghost: 'border-transparent text-foreground hover:bg-accent hover:text-accent-foreground',
        link: 'border-transparent text-foreground underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3 text-lg',
        lg: 'h-12 px-6 text-2xl',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * Class names of the button variants, also usable on links styled as buttons. Merged with
 * tailwind-merge so a size's text size replaces the base one instead of racing it in the CSS.
 */
export function buttonVariants(props?: Parameters<typeof variants>[0]): string {
  return cn(variants(props));
}

export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof variants>;

/**
 * The app's button (shadcn style). A link or label that looks like a button takes
 * `buttonVariants()` as its class instead (no `asChild` slot: Radix's Slot was 1.6 KB gzip on
 * every player page for one admin upload label).
 */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  return <button data-slot="button" type={type ?? 'button'} className={classes} {...props} />;
}
