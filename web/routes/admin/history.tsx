import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import {
  HISTORY_KIND_LABELS,
  type HistoryKind,
  LATER_WORK_CODE,
  UNDO_KEEP_DAYS,
  type UndoEntry,
} from '../../../core/api/history.ts';
import { DataTable } from '../../components/data-table.tsx';
import { useUndo, useUndoList } from '../../components/history/api/history.ts';
import { Listing } from '../../components/listing.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AdminPage } from '../../features/admin-world/components/admin-page.tsx';
import { errorCode, errorMessage } from '../../lib/api.ts';
import { doneToast, failToast } from '../../lib/toast.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function what(e: UndoEntry): string {
  if (e.action === 'import') return 'Import';
  return HISTORY_KIND_LABELS[e.kind as HistoryKind] ?? e.kind;
}

/**
 * /admin/history 'History': what was deleted or imported in the last 30 days, with 'Restore' (a
 * deleted scene comes back with its options and the links that led to it) and 'Undo import'
 * (the content before the import comes back). Each entry is undone once.
 */
export function Component() {
  const list = useUndoList();
  const undo = useUndo();
  const entries = list.data ?? [];
  // An undo that would remove or overwrite later work: the server's question, then the answer.
  const [asking, setAsking] = useState<{ entry: UndoEntry; question: string } | null>(null);
  const onUndo = (e: UndoEntry, confirm = false) =>
    undo.mutate(
      { id: e.id, confirm },
      {
        onSuccess: () => {
          setAsking(null);
          doneToast(
            e.action === 'import' ? 'Import undone' : `${what(e)} restored`,
            e.action === 'import'
              ? 'The content from before the import is back. Anything it removed is listed here.'
              : `'${e.label}' is back.`,
          );
        },
        onError: (err) => {
          if (errorCode(err) === LATER_WORK_CODE && !confirm) {
            setAsking({ entry: e, question: errorMessage(err) });
            return;
          }
          setAsking(null);
          failToast(e.action === 'import' ? 'Could not undo the import' : 'Could not restore', err);
        },
      },
    );

  return (
    <AdminPage title="History">
      <ModalDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        busy={undo.isPending}
        role="alertdialog"
        title="Work was done after this import"
        description={asking?.question}
        cancelLabel="Keep everything as it is"
        cancelFocus
        actions={
          <Button
            type="button"
            variant="destructive"
            disabled={undo.isPending}
            onClick={() => asking && onUndo(asking.entry, true)}
          >
            {undo.isPending ? 'Undoing…' : 'Undo import anyway'}
          </Button>
        }
      />
      <p className="text-lg text-muted-foreground">
        Recently deleted items and applied imports of the last {UNDO_KEEP_DAYS} days. Older entries
        are removed. Each scene and world item also keeps every save: open it and press History.
      </p>
      <Listing
        pending={list.isPending}
        empty={entries.length === 0}
        emptyText={
          list.error ? 'Could not load the history.' : 'Nothing was deleted or imported recently.'
        }
      >
        <DataTable
          rows={entries}
          rowKey={(e) => e.id}
          rowTestId={(e) => `undo-${e.id}`}
          columns={[
            {
              header: 'What',
              cell: (e) => (e.action === 'import' ? 'Import' : `Deleted ${what(e).toLowerCase()}`),
            },
            { header: 'Name', cell: (e) => <span className="break-words">{e.label}</span> },
            {
              header: 'When',
              cell: (e) => `${when(e.createdAt)}${e.authorName ? ` by ${e.authorName}` : ''}`,
            },
            {
              header: 'Actions',
              end: true,
              cell: (e) =>
                e.undoneAt ? (
                  <span className="text-muted-foreground">Undone {when(e.undoneAt)}</span>
                ) : (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={undo.isPending}
                    onClick={() => onUndo(e)}
                    aria-label={`${e.action === 'import' ? 'Undo import' : 'Restore'} ${e.label}`}
                  >
                    <Undo2 aria-hidden="true" /> {e.action === 'import' ? 'Undo import' : 'Restore'}
                  </Button>
                ),
            },
          ]}
        />
      </Listing>
    </AdminPage>
  );
}
