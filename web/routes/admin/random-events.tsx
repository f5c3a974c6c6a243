import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  DEFAULT_EVENT_FREQUENCY,
  EVENT_CHANGE_FIELDS,
  EVENT_CHANGE_LABELS,
  type EventChangeField,
  formatEventChanges,
  type RandomEvent,
  type RandomEventInput,
} from '../../../core/content/random-events.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { useAdminCollection } from '../../features/admin-world/api/collection.ts';
import {
  AdminPage,
  doneToast as done,
  failToast as fail,
} from '../../features/admin-world/components/admin-page.tsx';
import { ImageUploadField } from '../../features/admin-world/components/image-upload-field.tsx';
import { RowActions } from '../../features/admin-world/components/row-actions.tsx';
import { TextField } from '../../features/admin-world/components/text-field.tsx';
import { toast } from '../../lib/toast.ts';

/** /admin/random-events 'Random Events Management' (spec §2, §4, §5 'Random event', §8). */
export function Component() {
  const { list, create, update, patch, remove } = useAdminCollection<RandomEvent, RandomEventInput>(
    'random-events',
    'events',
  );
  const [dialog, setDialog] = useState<RandomEvent | 'new' | null>(null);
  useEffect(() => {
    if (list.isError) fail('Failed to load random events');
  }, [list.isError]);
  const saving = create.isPending || update.isPending;
  const events = list.data ?? [];

  const onSave = (input: RandomEventInput) => {
    const handlers = (verb: string) => ({
      onSuccess: () => {
        setDialog(null);
        done('Success', `Random event ${verb} successfully`);
      },
      onError: (err: unknown) =>
        fail(err instanceof Error && err.message ? err.message : 'Failed to save random event'),
    });
    if (dialog === 'new') create.mutate(input, handlers('created'));
    else if (dialog) update.mutate({ id: dialog.id, input }, handlers('updated'));
  };

  return (
    <AdminPage
      title="Random Events Management"
      action={
        <Button onClick={() => setDialog('new')}>
          <Plus aria-hidden="true" /> Add Random Event
        </Button>
      }
    >
      {list.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : events.length === 0 ? (
        <p className="text-xl text-muted-foreground">No random events yet</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Frequency</TableHead>
              <TableHead>Media Type</TableHead>
              <TableHead>Stat Changes</TableHead>
              <TableHead>Active</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((ev) => (
              <TableRow key={ev.id}>
                <TableCell className="max-w-xs whitespace-normal">{ev.title}</TableCell>
                <TableCell>Every {ev.frequency} choices</TableCell>
                <TableCell>{ev.mediaType}</TableCell>
                <TableCell className="whitespace-normal">
                  {formatEventChanges(ev).join(', ') || '—'}
                </TableCell>
                <TableCell>
                  <Switch
                    checked={ev.isActive}
                    aria-label={`Active: ${ev.title}`}
                    onCheckedChange={(active) =>
                      patch.mutate(
                        { id: ev.id, suffix: 'active', body: { active } },
                        {
                          onSuccess: () =>
                            done(`Event ${active ? 'activated' : 'deactivated'} successfully`),
                          onError: (err) => fail('Failed to update event status', err),
                        },
                      )
                    }
                  />
                </TableCell>
                <TableCell className="text-right">
                  <RowActions
                    editLabel={`Edit ${ev.title}`}
                    deleteLabel={`Delete ${ev.title}`}
                    onEdit={() => setDialog(ev)}
                    onDelete={() => {
                      if (!window.confirm(`Delete the random event '${ev.title}'?`)) return;
                      remove.mutate(ev.id, {
                        onError: (err) => fail('Failed to delete random event', err),
                      });
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (open) return;
          if (saving) return void toast({ title: 'Save in progress', variant: 'default' });
          setDialog(null);
        }}
      >
        <DialogContent className="max-w-2xl">
          {dialog !== null && (
            <EventForm
              key={dialog === 'new' ? 'new' : dialog.id}
              event={dialog === 'new' ? null : dialog}
              saving={saving}
              onSave={onSave}
            />
          )}
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

type Changes = Record<EventChangeField, string>;

function EventForm({
  event,
  saving,
  onSave,
}: {
  event: RandomEvent | null;
  saving: boolean;
  onSave: (input: RandomEventInput) => void;
}) {
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [frequency, setFrequency] = useState(String(event?.frequency ?? DEFAULT_EVENT_FREQUENCY));
  const [mediaType, setMediaType] = useState<'image' | 'video'>(
    event?.mediaType === 'video' ? 'video' : 'image',
  );
  const [mediaUrl, setMediaUrl] = useState<string | null>(event?.mediaUrl ?? null);
  const [embed, setEmbed] = useState(event?.videoEmbedCode ?? '');
  const [changes, setChanges] = useState<Changes>(
    () =>
      Object.fromEntries(EVENT_CHANGE_FIELDS.map((f) => [f, String(event?.[f] ?? 0)])) as Changes,
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !description.trim()) return fail('Title and description are required');
    const n = Number.parseInt(frequency, 10);
    if (!Number.isFinite(n) || n < 1) return fail('Frequency must be at least 1');
    onSave({
      title,
      description,
      frequency: n,
      mediaType,
      mediaUrl,
      videoEmbedCode: mediaType === 'video' ? embed : null,
      isActive: event?.isActive ?? true,
      ...changes,
    });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{event ? 'Edit Random Event' : 'Add Random Event'}</DialogTitle>
      </DialogHeader>
      <TextField id="ev-title" label="Title" value={title} onChange={setTitle} required />
      <TextField
        id="ev-description"
        label="Description"
        value={description}
        onChange={setDescription}
        rows={4}
        required
      />
      <TextField
        id="ev-frequency"
        label="Frequency (every N choices)"
        value={frequency}
        onChange={setFrequency}
        type="number"
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-lg">Media Type</legend>
        <div className="flex gap-4">
          {(['image', 'video'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2 text-lg">
              <input
                type="radio"
                name="media-type"
                value={t}
                checked={mediaType === t}
                onChange={() => setMediaType(t)}
                className="size-4 accent-[var(--primary)]"
              />
              {t === 'image' ? 'Image' : 'Video'}
            </label>
          ))}
        </div>
      </fieldset>
      {mediaType === 'image' ? (
        <ImageUploadField
          bucket="scene-images"
          label="Image"
          value={mediaUrl}
          onChange={setMediaUrl}
        />
      ) : (
        <>
          <TextField
            id="ev-media-url"
            label="Video URL"
            value={mediaUrl ?? ''}
            onChange={(v) => setMediaUrl(v.trim() ? v : null)}
          />
          <TextField
            id="ev-embed"
            label="Embed Code"
            value={embed}
            onChange={setEmbed}
            rows={3}
            mono
            hint="Shown to players in a sandboxed frame."
          />
        </>
      )}
      <fieldset>
        <legend className="mb-2 text-lg">Stat Changes</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {EVENT_CHANGE_FIELDS.map((f) => (
            <div key={f} className="grid gap-1">
              <Label htmlFor={`ev-${f}`}>{EVENT_CHANGE_LABELS[f]}</Label>
              <input
                id={`ev-${f}`}
                inputMode="numeric"
                value={changes[f]}
                onChange={(e) => setChanges((c) => ({ ...c, [f]: e.target.value }))}
                className="h-10 rounded-md border border-input bg-background px-3 text-lg"
              />
            </div>
          ))}
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Event'}
        </Button>
      </DialogFooter>
    </form>
  );
}
