import { useState } from 'react';
import type { SponsorInput } from '../../../core/content/sponsors.ts';
import { sponsorKind } from '../../../core/content/sponsors.ts';
import {
  CollectionPage,
  type FieldsProps,
  useReportInput,
} from '../../features/admin-world/components/collection-page.tsx';
import { ImageUploadField } from '../../features/admin-world/components/image-upload-field.tsx';
import { TextField } from '../../features/admin-world/components/text-field.tsx';

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
      Fields={SponsorFields}
    />
  );
}

function SponsorFields({ item, idPrefix, onChange, errors }: FieldsProps<typeof sponsorKind>) {
  const [name, setName] = useState(item?.name ?? '');
  const [url, setUrl] = useState(item?.url ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(item?.imageUrl ?? null);
  useReportInput<SponsorInput>(onChange, { name, url, imageUrl });
  return (
    <>
      <TextField
        id={`${idPrefix}-sponsor-name`}
        label="Name"
        value={name}
        onChange={setName}
        required
        error={errors.name}
      />
      <TextField
        id={`${idPrefix}-sponsor-url`}
        label="Website URL"
        value={url}
        onChange={setUrl}
        type="url"
        required
        error={errors.url}
        hint="Must start with http:// or https://"
      />
      <ImageUploadField bucket="sponsors" label="Logo" value={imageUrl} onChange={setImageUrl} />
    </>
  );
}
