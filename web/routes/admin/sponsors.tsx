import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { SponsorInput, SponsorView } from '../../../core/content/sponsors.ts';
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

/** Spec §9: sponsor URLs are shown cut to 30 characters. */
const URL_SHOWN = 30;

/** /admin/sponsors 'Sponsor Management' (spec §2, §4, §5 'Sponsor', §8 'Sponsors'). */
export function Component() {
  const { list, create, update, remove } = useAdminCollection<SponsorView, SponsorInput>(
    'sponsors',
  );
  /** null: closed; 'new': adding; a sponsor: editing it. */
  const [dialog, setDialog] = useState<SponsorView | 'new' | null>(null);
  useEffect(() => {
    if (list.isError) fail('Failed to load sponsors');
  }, [list.isError]);

  const onDelete = (s: SponsorView) => {
    if (!window.confirm(`Delete the sponsor ${s.name}?`)) return;
    remove.mutate(s.id, {
      onSuccess: () => done('Sponsor deleted successfully'),
      onError: (err) => fail('Failed to delete sponsor', err),
    });
  };
  const sponsors = list.data ?? [];
  const saving = create.isPending || update.isPending;

  return (
    <AdminPage
      title="Sponsor Management"
      action={
        <Button onClick={() => setDialog('new')}>
          <Plus aria-hidden="true" /> Add New Sponsor
        </Button>
      }
    >
      {list.isPending ? (
        <p className="text-xl">Loading sponsors...</p>
      ) : sponsors.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-xl text-muted-foreground">No sponsors found</p>
          <Button variant="outline" onClick={() => setDialog('new')}>
            Add Your First Sponsor
          </Button>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Image</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>URL</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sponsors.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  {s.imageUrl ? (
                    <img
                      src={s.imageUrl}
                      alt={`${s.name} logo`}
                      className="h-10 w-16 object-contain"
                    />
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell>{s.name}</TableCell>
                <TableCell>
                  {s.url ? (
                    <a href={s.url} target="_blank" rel="noopener noreferrer" title={s.url}>
                      {s.url.length > URL_SHOWN ? `${s.url.slice(0, URL_SHOWN)}…` : s.url}
                    </a>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <RowActions
                    editLabel={`Edit ${s.name}`}
                    deleteLabel={`Delete ${s.name}`}
                    onEdit={() => setDialog(s)}
                    onDelete={() => onDelete(s)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && !saving && setDialog(null)}>
        <DialogContent>
          {dialog !== null && (
            <SponsorForm
              key={dialog === 'new' ? 'new' : dialog.id}
              sponsor={dialog === 'new' ? null : dialog}
              saving={saving}
              onCancel={() => setDialog(null)}
              onSave={(input) => {
                if (dialog === 'new') {
                  create.mutate(input, {
                    onSuccess: () => {
                      setDialog(null);
                      done('Sponsor created successfully');
                    },
                    onError: (err) => fail('Failed to create sponsor', err),
                  });
                } else {
                  update.mutate(
                    { id: dialog.id, input },
                    {
                      onSuccess: () => {
                        setDialog(null);
                        done('Sponsor updated successfully');
                      },
                      onError: (err) => fail('Failed to update sponsor', err),
                    },
                  );
                }
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function SponsorForm({
  sponsor,
  saving,
  onCancel,
  onSave,
}: {
  sponsor: SponsorView | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (input: SponsorInput) => void;
}) {
  const [name, setName] = useState(sponsor?.name ?? '');
  const [url, setUrl] = useState(sponsor?.url ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(sponsor?.imageUrl ?? null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !url.trim()) {
      return fail('Validation Error', new Error('Name and URL are required'));
    }
    if (!/^https?:\/\//i.test(url.trim())) {
      return fail('Validation Error', new Error('URL must start with http:// or https://'));
    }
    onSave({ name, url, imageUrl });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{sponsor ? 'Edit Sponsor' : 'Add New Sponsor'}</DialogTitle>
      </DialogHeader>
      <TextField id="sponsor-name" label="Name" value={name} onChange={setName} required />
      <TextField
        id="sponsor-url"
        label="Website URL"
        value={url}
        onChange={setUrl}
        type="url"
        required
        hint="Must start with http:// or https://"
      />
      <ImageUploadField bucket="sponsors" label="Logo" value={imageUrl} onChange={setImageUrl} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Sponsor'}
        </Button>
      </DialogFooter>
    </form>
  );
}
