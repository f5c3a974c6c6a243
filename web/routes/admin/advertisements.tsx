import { useState } from 'react';
import {
  type AdvertisementInput,
  advertisementKind,
} from '../../../core/content/advertisements.ts';
import { DEFAULT_AD_CTA } from '../../../core/game/cadence.ts';
import {
  CollectionPage,
  type FieldsProps,
  useReportInput,
} from '../../features/admin-world/components/collection-page.tsx';
import { ImageUploadField } from '../../features/admin-world/components/image-upload-field.tsx';
import { TextField } from '../../features/admin-world/components/text-field.tsx';

/**
 * /admin/advertisements: the ads shown before every 5th scene (product rules "Content" 'Advertisement'; the
 * spec has the table but no page). Players see active ads, highest priority first.
 */
export function Component() {
  return (
    <CollectionPage
      kind={advertisementKind}
      title="Advertisements"
      addLabel="Add Advertisement"
      editTitle="Edit Advertisement"
      saveLabel="Save Advertisement"
      empty="No advertisements yet"
      intro={
        <p className="text-lg text-muted-foreground">
          Players see an advertisement before every 5th scene; active ads take turns, highest
          priority first.
        </p>
      }
      nameOf={(ad) => ad.title}
      active={{ isOn: (ad) => ad.active, header: 'Status' }}
      columns={[
        { header: 'Title', cell: (ad) => ad.title, className: 'max-w-xs whitespace-normal' },
        { header: 'Call to Action', cell: (ad) => ad.ctaText },
        { header: 'Priority', cell: (ad) => ad.priority },
      ]}
      Fields={AdFields}
    />
  );
}

function AdFields({ item, idPrefix, onChange, errors }: FieldsProps<typeof advertisementKind>) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(item?.imageUrl ?? null);
  const [ctaText, setCtaText] = useState(item?.ctaText ?? DEFAULT_AD_CTA);
  const [ctaLink, setCtaLink] = useState(item?.ctaLink ?? '');
  const [priority, setPriority] = useState(String(item?.priority ?? 0));
  const [active, setActive] = useState(item?.active ?? true);

  useReportInput<AdvertisementInput>(onChange, {
    title,
    description,
    imageUrl,
    ctaText,
    ctaLink,
    priority,
    active,
  });
  return (
    <>
      <TextField
        id={`${idPrefix}-ad-title`}
        label="Title"
        value={title}
        onChange={setTitle}
        required
        error={errors.title}
      />
      <TextField
        id={`${idPrefix}-ad-description`}
        label="Description"
        value={description}
        onChange={setDescription}
        rows={3}
      />
      <ImageUploadField bucket="sponsors" label="Image" value={imageUrl} onChange={setImageUrl} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-ad-cta`}
          label="Button Text"
          value={ctaText}
          onChange={setCtaText}
        />
        <TextField
          id={`${idPrefix}-ad-link`}
          label="Button Link"
          value={ctaLink}
          onChange={setCtaLink}
          type="url"
          hint="https://..."
          error={errors.ctaLink}
        />
        <TextField
          id={`${idPrefix}-ad-priority`}
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
    </>
  );
}
