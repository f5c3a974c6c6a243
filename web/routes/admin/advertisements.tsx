import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { AdvertisementInput, AdvertisementView } from '../../../core/api/admin-world.ts';
import { DEFAULT_AD_CTA } from '../../../core/game/cadence.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
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

/**
 * /admin/advertisements: the ads shown before every 5th scene (spec §3 'Advertisement'; the
 * spec has the table but no page). Players see active ads, highest priority first.
 */
export function Component() {
  const { list, create, update, remove } = useAdminCollection<
    AdvertisementView,
    AdvertisementInput
  >('advertisements');
  const [dialog, setDialog] = useState<AdvertisementView | 'new' | null>(null);
  useEffect(() => {
    if (list.isError) fail('Failed to load advertisements');
  }, [list.isError]);
  const saving = create.isPending || update.isPending;
  const ads = list.data ?? [];

  const onSave = (input: AdvertisementInput) => {
    const handlers = (verb: string) => ({
      onSuccess: () => {
        setDialog(null);
        done(`Advertisement ${verb} successfully`);
      },
      onError: (err: unknown) => fail('Failed to save advertisement', err),
    });
    if (dialog === 'new') create.mutate(input, handlers('created'));
    else if (dialog) update.mutate({ id: dialog.id, input }, handlers('updated'));
  };

  return (
    <AdminPage
      title="Advertisements"
      action={
        <Button onClick={() => setDialog('new')}>
          <Plus aria-hidden="true" /> Add Advertisement
        </Button>
      }
    >
      <p className="text-lg text-muted-foreground">
        Players see an advertisement before every 5th scene; active ads take turns, highest priority
        first.
      </p>
      {list.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : ads.length === 0 ? (
        <p className="text-xl text-muted-foreground">No advertisements yet</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Call to Action</TableHead>
              <TableHead>Priority</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {ads.map((ad) => (
              <TableRow key={ad.id}>
                <TableCell className="max-w-xs whitespace-normal">{ad.title}</TableCell>
                <TableCell>{ad.ctaText}</TableCell>
                <TableCell>{ad.priority}</TableCell>
                <TableCell>{ad.active ? 'Active' : 'Inactive'}</TableCell>
                <TableCell className="text-right">
                  <RowActions
                    editLabel={`Edit ${ad.title}`}
                    deleteLabel={`Delete ${ad.title}`}
                    onEdit={() => setDialog(ad)}
                    onDelete={() => {
                      if (!window.confirm(`Delete the advertisement '${ad.title}'?`)) return;
                      remove.mutate(ad.id, {
                        onSuccess: () => done('Advertisement deleted successfully'),
                        onError: (err) => fail('Failed to delete advertisement', err),
                      });
                    }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && !saving && setDialog(null)}>
        <DialogContent className="max-w-2xl">
          {dialog !== null && (
            <AdForm
              key={dialog === 'new' ? 'new' : dialog.id}
              ad={dialog === 'new' ? null : dialog}
              saving={saving}
              onSave={onSave}
            />
          )}
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function AdForm({
  ad,
  saving,
  onSave,
}: {
  ad: AdvertisementView | null;
  saving: boolean;
  onSave: (input: AdvertisementInput) => void;
}) {
  const [title, setTitle] = useState(ad?.title ?? '');
  const [description, setDescription] = useState(ad?.description ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(ad?.imageUrl ?? null);
  const [ctaText, setCtaText] = useState(ad?.ctaText ?? DEFAULT_AD_CTA);
  const [ctaLink, setCtaLink] = useState(ad?.ctaLink ?? '');
  const [priority, setPriority] = useState(String(ad?.priority ?? 0));
  const [active, setActive] = useState(ad?.active ?? true);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return fail('Title is required');
    onSave({ title, description, imageUrl, ctaText, ctaLink, priority, active });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{ad ? 'Edit Advertisement' : 'Add Advertisement'}</DialogTitle>
      </DialogHeader>
      <TextField id="ad-title" label="Title" value={title} onChange={setTitle} required />
      <TextField
        id="ad-description"
        label="Description"
        value={description}
        onChange={setDescription}
        rows={3}
      />
      <ImageUploadField bucket="sponsors" label="Image" value={imageUrl} onChange={setImageUrl} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="ad-cta" label="Button Text" value={ctaText} onChange={setCtaText} />
        <TextField
          id="ad-link"
          label="Button Link"
          value={ctaLink}
          onChange={setCtaLink}
          type="url"
          hint="https://..."
        />
        <TextField
          id="ad-priority"
          label="Priority"
          value={priority}
          onChange={setPriority}
          type="number"
        />
        <label className="flex items-center gap-2 self-end pb-2 text-lg">
          <input
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            className="size-5 accent-[var(--primary)]"
          />
          Active
        </label>
      </div>
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Advertisement'}
        </Button>
      </DialogFooter>
    </form>
  );
}
