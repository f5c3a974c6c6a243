import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  type AdminConsultantView,
  type ConsultantAction,
  consultantActions,
} from '../../../core/api/admin-world-site.ts';
import { CheckField } from '../../components/check-field.tsx';
import { HistoryButton } from '../../components/history/history-button.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { Listing } from '../../components/listing.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import {
  useAdminConsultants,
  useConsultantMutations,
} from '../../features/admin-world/api/consultants.ts';
import { AdminPage } from '../../features/admin-world/components/admin-page.tsx';
import { applicationTexts } from '../../features/consultants/application.ts';
import { doneToast as done, failToast as fail } from '../../lib/toast.ts';

const ACTION_LABEL: Record<ConsultantAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  feature: 'Feature',
  unfeature: 'Unfeature',
};
const ACTION_DONE: Record<ConsultantAction, string> = {
  approve: 'Consultant approved',
  reject: 'Application rejected',
  feature: 'Consultant featured',
  unfeature: 'Consultant approved',
};

/**
 * /admin/consultants 'Consultant Management' (product rules "Screens", "Play" rules 'Consultant', "Messages" rules 'Consultants'): each
 * application in full (photo, bio, specialty, website, contact) before it is approved, with
 * Approve, Reject, Feature/Unfeature and Delete; applications waiting for review come first.
 */
export function Component() {
  const list = useAdminConsultants();
  useEffect(() => {
    if (list.isError) fail('Failed to load consultants');
  }, [list.isError]);
  const all = list.data ?? [];
  const waiting = all.filter((c) => c.status === 'pending');
  const others = all.filter((c) => c.status !== 'pending');

  return (
    <AdminPage title="Consultant Management">
      <AddConsultantForm />
      <SectionCard title="Manage Consultants" className="grid gap-6">
        <Listing pending={list.isPending} empty={all.length === 0} emptyText="No consultants yet">
          <ConsultantList title={`Waiting for review (${waiting.length})`} items={waiting} />
          <ConsultantList title={`Reviewed (${others.length})`} items={others} />
        </Listing>
      </SectionCard>
    </AdminPage>
  );
}

function ConsultantList({ title, items }: { title: string; items: AdminConsultantView[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {items.map((c) => (
          <ConsultantApplicationCard key={c.id} c={c} />
        ))}
      </ul>
    </section>
  );
}

/** One application as the public directory would show it, plus what only the admin sees. */
function ConsultantApplicationCard({ c }: { c: AdminConsultantView }) {
  const { act, remove } = useConsultantMutations();
  const onDelete = () => {
    if (!window.confirm(`Delete ${c.name}?`)) return;
    remove.mutate(c.id, {
      onSuccess: () => done('Consultant deleted successfully'),
      onError: (err) => fail('Failed to delete consultant', err),
    });
  };
  return (
    <li>
      <article
        aria-label={`Application of ${c.name}`}
        className="grid h-full gap-3 rounded-lg border border-border p-4"
      >
        <div className="flex gap-3">
          {c.imageUrl ? (
            <img src={c.imageUrl} alt={c.name} className="size-20 shrink-0 rounded object-cover" />
          ) : (
            <div className="grid size-20 shrink-0 place-items-center rounded border border-dashed border-border text-sm text-muted-foreground">
              No photo
            </div>
          )}
          <div className="min-w-0 flex-1">
            <h3 className="text-xl">{c.name}</h3>
            <p className="text-base text-muted-foreground">{c.company ?? 'No company given'}</p>
            <Badge
              variant={
                c.status === 'pending'
                  ? 'outline'
                  : c.status === 'rejected'
                    ? 'destructive'
                    : 'default'
              }
            >
              {c.status}
            </Badge>
          </div>
        </div>
        <dl className="grid gap-1 text-base">
          <div>
            <dt className="inline text-muted-foreground">Specialty: </dt>
            <dd className="inline">{c.specialty ?? '—'}</dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">Website: </dt>
            <dd className="inline break-all">
              {c.websiteUrl ? (
                <a
                  href={c.websiteUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="underline"
                >
                  {c.websiteUrl}
                </a>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">Contact (never public): </dt>
            <dd className="inline break-all">{c.contactEmail}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Bio:</dt>
            <dd className="whitespace-pre-line">{c.bio ?? '—'}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2">
          {consultantActions(c.status).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'reject' ? 'destructive' : 'outline'}
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
          <HistoryButton kind="consultant" itemId={c.id} itemName={c.name} />
          <IconButton icon={Trash2} label={`Delete ${c.name}`} onClick={onDelete} />
        </div>
      </article>
    </li>
  );
}

function AddConsultantForm() {
  const { add } = useConsultantMutations();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [featured, setFeatured] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    add.mutate(
      {
        ...applicationTexts(new FormData(e.currentTarget)),
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
    <SectionCard title="Add SEO Consultant">
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
        <CheckField checked={featured} onChange={setFeatured} className="md:col-span-2">
          Featured Consultant
        </CheckField>
        <Button type="submit" disabled={add.isPending} className="justify-self-start">
          {add.isPending ? 'Adding...' : 'Add Consultant'}
        </Button>
      </form>
    </SectionCard>
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
