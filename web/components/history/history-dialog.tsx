import { useEffect, useState } from 'react';
import {
  type HistoryKind,
  REVISION_ACTION_LABELS,
  type RevisionSummary,
} from '../../../core/api/history.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useRestoreRevision, useRevisionDiff, useRevisions } from './api/history.ts';
import { RevisionChanges } from './revision-changes.tsx';

/** '27 Nov 2026, 00:41 · Saved by Admin' for one revision. */
function describe(r: RevisionSummary): string {
  const when = new Date(r.createdAt).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const what = REVISION_ACTION_LABELS[r.action] ?? r.action;
  return `${when} · ${what}${r.authorName ? ` by ${r.authorName}` : ''}`;
}

/**
 * 'History' of a scene or world item: its revisions (newest first), what the chosen one changes
 * against the item now, field by field, and 'Restore this revision' (a new revision; a scene
 * restore names `version`, so one saved by someone else since is refused like a save).
 */
export function HistoryDialog({
  kind,
  itemId,
  itemName,
  open,
  onClose,
  version,
  unsaved = false,
  onRestored,
}: {
  kind: HistoryKind;
  itemId: string;
  itemName: string;
  open: boolean;
  onClose: () => void;
  version?: number;
  /** The editor has unsaved changes: a restore replaces them (said before the button). */
  unsaved?: boolean;
  onRestored?: (revision: number) => void;
}) {
  const revisions = useRevisions(kind, itemId, open);
  const [chosen, setChosen] = useState<number | null>(null);
  const diff = useRevisionDiff(kind, itemId, open ? chosen : null);
  const restore = useRestoreRevision(kind, itemId);
  const list = revisions.data ?? [];
  // The newest revision that differs from now is the one people usually want.
  useEffect(() => {
    if (!open) setChosen(null);
    else if (chosen === null && list.length > 0) {
      setChosen((list.find((r) => r.changes > 0) ?? list[0])?.revision ?? null);
    }
  }, [open, chosen, list]);

  const onRestore = () => {
    if (chosen === null) return;
    restore.mutate(
      { revision: chosen, ...(version === undefined ? {} : { version }) },
      { onSuccess: (r) => onRestored?.(r.revision) },
    );
  };
  const changes = diff.data?.changes ?? [];

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={restore.isPending}
      title={`History: ${itemName}`}
      description="Every save is kept. Pick a revision to see what differs from now."
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
      cancelLabel="Close"
      actions={
        <Button
          type="button"
          onClick={onRestore}
          disabled={chosen === null || restore.isPending || changes.length === 0}
        >
          {restore.isPending ? 'Restoring…' : `Restore revision ${chosen ?? ''}`}
        </Button>
      }
    >
      {revisions.isPending && <p role="status">Loading history…</p>}
      {revisions.error && (
        <p role="alert" className="text-destructive">
          Could not load the history: {errorMessage(revisions.error)}
        </p>
      )}
      {revisions.data && list.length === 0 && (
        <p>No saves are recorded yet: the next save starts this item's history.</p>
      )}
      {list.length > 0 && (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-lg">Revisions</legend>
          <div className="grid max-h-48 gap-1 overflow-y-auto pr-1">
            {list.map((r) => (
              <label
                key={r.revision}
                className="flex cursor-pointer items-start gap-2 rounded border border-border px-2 py-1 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
              >
                <input
                  type="radio"
                  name="revision"
                  className="mt-1.5 accent-primary"
                  checked={chosen === r.revision}
                  onChange={() => setChosen(r.revision)}
                />
                <span>
                  <span className="font-bold">Revision {r.revision}</span>{' '}
                  <span className="text-muted-foreground">
                    {describe(r)} · {r.changes === 0 ? 'same as now' : `${r.changes} changed since`}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {chosen !== null && (
        <RevisionChanges
          revision={chosen}
          changes={changes}
          pending={diff.isPending}
          error={diff.error}
        />
      )}
      {unsaved && changes.length > 0 && (
        <p className="text-warning">Restoring replaces your unsaved changes in the editor.</p>
      )}
      {restore.error && (
        <p role="alert" className="text-destructive">
          Could not restore: {errorMessage(restore.error)}
        </p>
      )}
    </ModalDialog>
  );
}
