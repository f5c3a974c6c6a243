import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  type AdminConsultantView,
  type ConsultantAction,
  consultantActions,
} from '../../../core/api/admin-world-site.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import {
  useAdminConsultants,
  useConsultantMutations,
} from '../../features/admin-world/api/consultants.ts';
import {
  AdminPage,
  doneToast as done,
  failToast as fail,
} from '../../features/admin-world/components/admin-page.tsx';
import { ImageUploadField } from '../../features/admin-world/components/image-upload-field.tsx';

const ACTION_LABEL: Record<ConsultantAction, string> = {
  approve: 'Approve',
  feature: 'Feature',
  unfeature: 'Unfeature',
};
const ACTION_DONE: Record<ConsultantAction, string> = {
  approve: 'Consultant approved',
  feature: 'Consultant featured',
  unfeature: 'Consultant approved',
};

/** /admin/consultants 'Consultant Management' (spec §2, §4 'Consultant', §8 'Consultants'). */
export function Component() {
  const list = useAdminConsultants();
  const { act, remove } = useConsultantMutations();
  useEffect(() => {
    if (list.isError) fail('Failed to load consultants');
  }, [list.isError]);

  const onDelete = (c: AdminConsultantView) => {
    if (!window.confirm(`Delete ${c.name}?`)) return;
    remove.mutate(c.id, {
      onSuccess: () => done('Consultant deleted successfully'),
      onError: (err) => fail('Failed to delete consultant', err),
    });
  };

  return (
    <AdminPage title="Consultant Management">
      <AddConsultantForm />
      <Card>
        <CardHeader>
          <CardTitle>Manage Consultants</CardTitle>
        </CardHeader>
        <CardContent>
          {list.isPending ? (
            <p className="text-xl">Loading...</p>
          ) : (list.data ?? []).length === 0 ? (
            <p className="text-xl text-muted-foreground">No consultants yet</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Company</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(list.data ?? []).map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      <div>{c.name}</div>
                      <div className="text-base text-muted-foreground">{c.contactEmail}</div>
                    </TableCell>
                    <TableCell>{c.company ?? '—'}</TableCell>
                    <TableCell>
                      <Badge variant={c.status === 'pending' ? 'outline' : 'default'}>
                        {c.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      <div className="flex flex-wrap justify-end gap-1">
                        {consultantActions(c.status).map((action) => (
                          <Button
                            key={action}
                            size="sm"
                            variant="outline"
                            disabled={act.isPending}
                            aria-label={`${ACTION_LABEL[action]} ${c.name}`}
                            onClick={() =>
                              act.mutate(
                                { id: c.id, action },
                                {
                                  onSuccess: () => done(ACTION_DONE[action]),
                                  onError: (err) => fail('Failed to update consultant status', err),
                                },
                              )
                            }
                          >
                            {ACTION_LABEL[action]}
                          </Button>
                        ))}
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Delete ${c.name}`}
                          onClick={() => onDelete(c)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </AdminPage>
  );
}

function AddConsultantForm() {
  const { add } = useConsultantMutations();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [featured, setFeatured] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    add.mutate(
      {
        name: text('name'),
        company: text('company'),
        specialty: text('specialty'),
        bio: text('bio'),
        contactEmail: text('contactEmail'),
        websiteUrl: text('websiteUrl'),
        imageUrl,
        featured,
      },
      {
        onSuccess: () => {
          done('Consultant added successfully');
          setImageUrl(null);
          setFeatured(false);
          setFormKey((k) => k + 1);
        },
        onError: (err) => fail('Failed to add consultant', err),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add SEO Consultant</CardTitle>
      </CardHeader>
      <CardContent>
        <form key={formKey} className="grid gap-3 md:grid-cols-2" onSubmit={onSubmit}>
          <TextField id="c-name" name="name" label="Name" required />
          <TextField id="c-company" name="company" label="Company" />
          <TextField id="c-specialty" name="specialty" label="Specialty" />
          <TextField id="c-email" name="contactEmail" label="Contact Email" type="email" required />
          <TextField id="c-website" name="websiteUrl" label="Website URL" type="url" />
          <ImageUploadField
            bucket="consultant-photos"
            label="Photo"
            value={imageUrl}
            onChange={setImageUrl}
          />
          <div className="grid gap-1 md:col-span-2">
            <Label htmlFor="c-bio">Bio</Label>
            <Textarea id="c-bio" name="bio" rows={4} maxLength={2000} />
          </div>
          <label className="flex items-center gap-2 text-lg md:col-span-2">
            <input
              type="checkbox"
              checked={featured}
              onChange={(e) => setFeatured(e.target.checked)}
              className="size-5 accent-[var(--primary)]"
            />
            Featured Consultant
          </label>
          <Button type="submit" disabled={add.isPending} className="justify-self-start">
            {add.isPending ? 'Adding...' : 'Add Consultant'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TextField({
  id,
  label,
  ...props
}: { id: string; label: string } & React.ComponentProps<'input'>) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}
