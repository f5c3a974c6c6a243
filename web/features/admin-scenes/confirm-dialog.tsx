import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';

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
    <Dialog open={open} onOpenChange={(o) => !o && onStay()}>
      <DialogContent role="alertdialog" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="text-lg text-muted-foreground">{children}</div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onStay} autoFocus>
            {stayLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={onGo}>
            {goLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
