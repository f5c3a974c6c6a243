import { Button, type ButtonProps } from './ui/button.tsx';

/** A save button: 'Saving...' and disabled while `saving`, else `label` (disabled by `disabled`). */
export function SaveButton({
  saving,
  label,
  disabled,
  ...props
}: Omit<ButtonProps, 'children'> & { saving: boolean; label: string }) {
  return (
    <Button disabled={saving || disabled} {...props}>
      {saving ? 'Saving...' : label}
    </Button>
  );
}
