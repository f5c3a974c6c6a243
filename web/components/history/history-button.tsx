import { History } from 'lucide-react';
import { useState } from 'react';
import type { HistoryKind } from '../../../core/api/history.ts';
import { Button } from '../../components/ui/button.tsx';
import { doneToast } from '../../lib/toast.ts';
import { HistoryDialog } from './history-dialog.tsx';

/**
 * 'History' beside a page's or setting's Save: its revisions in a dialog; after a restore the
 * admin queries are refreshed, so the form shows the restored content.
 */
export function HistoryButton({
  kind,
  itemId,
  itemName,
}: {
  kind: HistoryKind;
  itemId: string;
  itemName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        aria-label={`History of ${itemName}`}
        onClick={() => setOpen(true)}
      >
        <History aria-hidden="true" /> History
      </Button>
      <HistoryDialog
        kind={kind}
        itemId={itemId}
        itemName={itemName}
        open={open}
        onClose={() => setOpen(false)}
        onRestored={(revision) => {
          setOpen(false);
          doneToast(`Revision restored (saved as revision ${revision})`);
        }}
      />
    </>
  );
}
