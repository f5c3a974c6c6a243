import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

// biome-ignore lint/suspicious/noExplicitAny: any component's props are accepted, as React's own ElementType does.
type Element = keyof React.JSX.IntrinsicElements | React.JSXElementConstructor<any>;

/** The props of a slotted component: the element's own, plus `variant` where it has variants. */
export type SlottedProps<T extends Element, V extends string = never> = React.ComponentProps<T> &
  ([V] extends [never] ? unknown : { variant?: V | null });

/**
 * The one shape of the theme's parts (shadcn style): `Tag` rendered with `data-slot={slot}` and the
 * part's classes, the caller's `className` merged last so it can override them, all other props
 * passed through. With `variants`, a `variant` prop (default 'default') adds that variant's
 * classes and `attrs` can set attributes by variant (the caller's own props still win).
 */
export function slotted<T extends Element, V extends string = never>(
  Tag: T,
  slot: string,
  base: string,
  variants?: { classes: Record<V, string>; attrs?: (variant: V) => Record<string, string> },
): (props: SlottedProps<T, V>) => React.JSX.Element {
  const Component = Tag as React.ElementType;
  function Slotted(props: SlottedProps<T, V>) {
    if (!variants) {
      const { className, ...rest } = props as { className?: string };
      return <Component data-slot={slot} className={cn(base, className)} {...rest} />;
    }
    const { className, variant, ...rest } = props as { className?: string; variant?: V | null };
    const v = (variant ?? 'default') as V;
    return (
      <Component
        data-slot={slot}
        {...variants.attrs?.(v)}
        className={cn(base, variants.classes[v], className)}
        {...rest}
      />
    );
  }
  Slotted.displayName = slot;
  return Slotted;
}
