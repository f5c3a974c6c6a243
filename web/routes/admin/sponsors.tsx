import { sponsorKind } from '../../../core/content/sponsors.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import {
  CollectionPage,
  type FieldsProps,
} from '../../features/admin-world/components/collection-page.tsx';

/** Product rules "Limits": sponsor URLs are shown cut to 30 characters. */
const URL_SHOWN = 30;

/** /admin/sponsors 'Sponsor Management' (product rules "Screens", "Play", "Validation" 'Sponsor', "Messages" 'Sponsors'). */
export function Component() {
  return (
    <CollectionPage
      kind={sponsorKind}
      title="Sponsor Management"
      addLabel="Add New Sponsor"
      editTitle="Edit Sponsor"
      saveLabel="Save Sponsor"
      empty="No sponsors found"
      emptyAction="Add Your First Sponsor"
      nameOf={(s) => s.name}
      columns={[
        {
          header: 'Image',
          cell: (s) =>
            s.imageUrl ? (
              <img src={s.imageUrl} alt={`${s.name} logo`} className="h-10 w-16 object-contain" />
            ) : (
              <span className="text-muted-foreground">—</span>
            ),
        },
        { header: 'Name', cell: (s) => s.name },
        {
          header: 'URL',
          cell: (s) =>
            s.url ? (
              <a href={s.url} target="_blank" rel="noopener noreferrer" title={s.url}>
                {s.url.length > URL_SHOWN ? `${s.url.slice(0, URL_SHOWN)}…` : s.url}
              </a>
            ) : (
              '—'
            ),
        },
      ]}
      initial={(s): SponsorForm => ({
        name: s?.name ?? '',
        url: s?.url ?? '',
        imageUrl: s?.imageUrl ?? null,
      })}
      Fields={SponsorFields}
    />
  );
}

type SponsorForm = { name: string; url: string; imageUrl: string | null };

function SponsorFields({ form: { values, set, field } }: FieldsProps<SponsorForm>) {
  return (
    <>
      <TextField {...field('name')} label="Name" required />
      <TextField
        {...field('url')}
        label="Website URL"
        type="url"
        required
        hint="Must start with http:// or https://"
      />
      <ImageUploadField
        bucket="sponsors"
        label="Logo"
        value={values.imageUrl}
        onChange={(v) => set('imageUrl', v)}
      />
    </>
  );
}
