import { Plus } from 'lucide-react';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { historyKindOfWorld } from '../../../../core/api/history.ts';
import type { WorldKind } from '../../../../core/content/world-kind.ts';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { HistoryDialog } from '../../../components/history/history-dialog.tsx';
import { Listing } from '../../../components/listing.tsx';
import { SaveButton } from '../../../components/save-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import {
  type FieldErrors,
  type FormValues,
  useFormValues,
} from '../../../components/use-form-values.ts';
import { doneToast as done, failToast as fail } from '../../../lib/toast.ts';
import { useWorldCollection } from '../api/world-collection.ts';
import { AdminPage } from './admin-page.tsx';
import { RowActions } from './row-actions.tsx';

type View<K extends WorldKind> = z.output<K['viewSchema']> & { id: string };
type Input<K extends WorldKind> = z.input<K['inputSchema']>;

/**
 * The fields of one kind's form, on the form's values held by the page: `form.field(key)` gives a
 * TextField's props (id, value, setter, the schema's message when the last save refused it).
 */
export interface FieldsProps<T extends object> {
  form: FormValues<T>;
}

/** What differs between the world collection pages; the rest is the same for every kind. */
export interface CollectionPageProps<K extends WorldKind, T extends object> {
  kind: K;
  title: string;
  /** The add button's text, also the new-item dialog's (or the inline form's) title. */
  addLabel: string;
  editTitle: string;
  saveLabel: string;
  empty: string;
  /** A second way to add from the empty list, e.g. 'Add Your First Sponsor'. */
  emptyAction?: string;
  intro?: ReactNode;
  columns: Column<View<K>>[];
  /** How a row is named for screen readers and in the delete question. */
  nameOf: (item: View<K>) => string;
  /** Row buttons' names, default 'Edit {name}'. */
  actionLabel?: (verb: 'Edit' | 'Delete', name: string) => string;
  /** Kinds with an Active switch: whether an item is on, and the column's header. */
  active?: { isOn: (item: View<K>) => boolean; header: string; noun?: string };
  /** The create verb of the toasts ('created', or 'added' for news). */
  createdVerb?: string;
  /** New items are added by a form above the list instead of a dialog (news). */
  inlineAdd?: boolean;
  /** The form's values for an item, or for a new one (null). */
  initial: (item: View<K> | null) => T;
  /** What is sent for the form's values (default: the values as they are). */
  toInput?: (values: T, item: View<K> | null) => Input<K>;
  Fields: ComponentType<FieldsProps<T>>;
}

/**
 * An admin page of one world collection (product rules "Screens"): the list with its columns, an Active switch
 * where the kind has one, Edit/Delete per row, and the create/edit form in a dialog (or above
 * the list). The form's input is checked with the kind's input schema before it is sent, so the
 * browser shows the server's own words; every outcome is a toast.
 */
export function CollectionPage<K extends WorldKind, T extends object>(
  p: CollectionPageProps<K, T>,
) {
  const { list, create, update, setActive, remove } = useWorldCollection(p.kind);
  const [dialog, setDialog] = useState<View<K> | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<View<K> | null>(null);
  const historyKind = historyKindOfWorld(p.kind.name);
  const noun = p.kind.noun;
  const lower = noun.toLowerCase();
  useEffect(() => {
    if (list.isError) fail(`Failed to load ${lower}s`);
  }, [list.isError, lower]);
  const saving = create.isPending || update.isPending;
  const items = (list.data ?? []) as View<K>[];
  const label = p.actionLabel ?? ((verb, name) => `${verb} ${name}`);

  /**
   * Checks the form with the kind's schema and sends it; when it is not valid, a toast and the
   * schema's messages by field (shown under the fields) instead.
   */
  const save = (target: View<K> | 'new', input: Input<K>, after?: () => void): FieldErrors => {
    const parsed = p.kind.inputSchema.safeParse(input);
    if (!parsed.success) {
      fail('Validation Error', new Error(parsed.error.issues[0]?.message));
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    }
    const handlers = (verb: string) => ({
      onSuccess: () => {
        setDialog(null);
        after?.();
        done(`${noun} ${verb} successfully`);
      },
      onError: (err: unknown) =>
        fail(`Failed to ${verb === 'updated' ? 'update' : 'create'} ${lower}`, err),
    });
    if (target === 'new') create.mutate(input, handlers(p.createdVerb ?? 'created'));
    else update.mutate({ id: target.id, input }, handlers('updated'));
    return {};
  };
  const onToggle = (item: View<K>, active: boolean) =>
    setActive.mutate(
      { id: item.id, active },
      {
        onSuccess: () =>
          done(`${p.active?.noun ?? noun} ${active ? 'activated' : 'deactivated'} successfully`),
        onError: (err) => fail(`Failed to update ${lower} status`, err),
      },
    );
  const activeColumn = (
    active: NonNullable<CollectionPageProps<K, T>['active']>,
  ): Column<View<K>> => ({
    header: active.header,
    cell: (item) => (
      <div className="flex items-center gap-2">
        <Switch
          checked={active.isOn(item)}
          aria-label={`Active: ${p.nameOf(item)}`}
          onCheckedChange={(v) => onToggle(item, v)}
        />
        <span>{active.isOn(item) ? 'Active' : 'Inactive'}</span>
      </div>
    ),
  });
  const onDelete = (item: View<K>) => {
    if (!window.confirm(`Delete the ${lower} '${p.nameOf(item)}'?`)) return;
    remove.mutate(item.id, {
      onSuccess: () => done(`${noun} deleted successfully`),
      onError: (err) => fail(`Failed to delete ${lower}`, err),
    });
  };

  return (
    <AdminPage
      title={p.title}
      action={
        p.inlineAdd ? undefined : (
          <Button onClick={() => setDialog('new')}>
            <Plus aria-hidden="true" /> {p.addLabel}
          </Button>
        )
      }
    >
      {p.intro}
      {p.inlineAdd && <InlineAdd page={p} saving={create.isPending} onSave={save} />}
      <Listing
        pending={list.isPending}
        empty={items.length === 0}
        emptyText={p.empty}
        emptyAction={
          p.emptyAction && (
            <Button variant="outline" onClick={() => setDialog('new')}>
              {p.emptyAction}
            </Button>
          )
        }
      >
        <DataTable
          rows={items}
          rowKey={(item) => item.id}
          columns={[
            ...p.columns,
            ...(p.active ? [activeColumn(p.active)] : []),
            {
              header: 'Actions',
              end: true,
              cell: (item) => (
                <RowActions
                  editLabel={label('Edit', p.nameOf(item))}
                  deleteLabel={label('Delete', p.nameOf(item))}
                  historyLabel={`History of ${p.nameOf(item)}`}
                  onEdit={() => setDialog(item)}
                  onDelete={() => onDelete(item)}
                  onHistory={historyKind ? () => setHistoryOf(item) : undefined}
                />
              ),
            },
          ]}
        />
      </Listing>

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && !saving && setDialog(null)}>
        <DialogContent className="max-w-2xl">
          {dialog !== null && (
            <ItemForm
              key={dialog === 'new' ? 'new' : dialog.id}
              page={p}
              item={dialog === 'new' ? null : dialog}
              saving={saving}
              onCancel={() => setDialog(null)}
              onSave={(input) => save(dialog, input)}
            />
          )}
        </DialogContent>
      </Dialog>
      {historyKind && historyOf && (
        <HistoryDialog
          kind={historyKind}
          itemId={historyOf.id}
          itemName={p.nameOf(historyOf)}
          open
          onClose={() => setHistoryOf(null)}
          onRestored={() => {
            setHistoryOf(null);
            done(`${noun} restored`);
          }}
        />
      )}
    </AdminPage>
  );
}

/**
 * An item's form: in the dialog (with `onCancel`) the kind's fields between a title and
 * Cancel/Save; above the list (inline, news) the fields and the add button in a row.
 */
function ItemForm<K extends WorldKind, T extends object>({
  page,
  item,
  saving,
  onCancel,
  onSave,
}: {
  page: CollectionPageProps<K, T>;
  item: View<K> | null;
  saving: boolean;
  onCancel?: () => void;
  onSave: (input: Input<K>) => FieldErrors;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useFormValues<T>(
    () => page.initial(item),
    `${item ? 'edit' : 'new'}-${page.kind.noun.toLowerCase().replace(/\s+/g, '-')}`,
    errors,
  );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { values } = form;
    const found = onSave(page.toInput ? page.toInput(values, item) : (values as Input<K>));
    setErrors(found);
    // The first field in error gets the focus, in the middle of the view (clear of the toast).
    if (Object.keys(found).length > 0) focusFirstInvalid(e.currentTarget);
  };
  const { Fields } = page;
  if (!onCancel) {
    return (
      <form
        className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end"
        onSubmit={onSubmit}
        noValidate
      >
        <Fields form={form} />
        <Button type="submit" disabled={saving}>
          {saving ? 'Adding...' : page.addLabel}
        </Button>
      </form>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{item ? page.editTitle : page.addLabel}</DialogTitle>
      </DialogHeader>
      <Fields form={form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <SaveButton type="submit" saving={saving} label={page.saveLabel} />
      </DialogFooter>
    </form>
  );
}

/** Once the errors are rendered, focuses the form's first field marked invalid. */
function focusFirstInvalid(formElement: HTMLFormElement) {
  requestAnimationFrame(() => {
    const field = formElement.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView?.({ block: 'center' });
  });
}

/** The add form above the list (news): a new, empty one after each item added. */
function InlineAdd<K extends WorldKind, T extends object>({
  page,
  saving,
  onSave,
}: {
  page: CollectionPageProps<K, T>;
  saving: boolean;
  onSave: (target: 'new', input: Input<K>, after: () => void) => FieldErrors;
}) {
  const [round, setRound] = useState(0);
  return (
    <SectionCard title={page.addLabel}>
      <ItemForm
        key={round}
        page={page}
        item={null}
        saving={saving}
        onSave={(input) => onSave('new', input, () => setRound((r) => r + 1))}
      />
    </SectionCard>
  );
}
