import type { ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';

/**
 * A question before something that loses work (leaving with unsaved changes, discarding an
 * option, replacing a description): the safe answer is the first button and has the focus.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  stayLabel,
  goLabel,
  onStay,
  onGo,
  destructive = true,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  stayLabel: string;
  goLabel: string;
  onStay: () => void;
  onGo: () => void;
  destructive?: boolean;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onStay}
      role="alertdialog"
      showCloseButton={false}
      title={title}
      description={children}
      cancelLabel={stayLabel}
      cancelFocus
      actions={
        <Button variant={destructive ? 'destructive' : 'default'} onClick={onGo}>
          {goLabel}
        </Button>
      }
    />
  );
}
