import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * A button that shows only an icon, named for screen readers by `label` (ghost look unless
 * `variant` says otherwise). It never submits a form.
 */
export function IconButton({
  label,
  icon: Icon,
  variant = 'ghost',
  ...props
}: Omit<ButtonProps, 'children' | 'size'> & { label: string; icon: LucideIcon }) {
  return (
    <Button type="button" variant={variant} size="icon" aria-label={label} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
