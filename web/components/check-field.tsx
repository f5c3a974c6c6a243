import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** A checkbox with its label text beside it, in the theme's colour. */
export function CheckField({
  checked,
  onChange,
  small = false,
  className,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The smaller box, for a checkbox inside a dialog's text. */
  small?: boolean;
  /** Classes of the label (its place in a grid). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-lg', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={cn(small ? 'size-4' : 'size-5', 'accent-[var(--primary)]')}
      />
      {children}
    </label>
  );
}
