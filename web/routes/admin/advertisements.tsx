import { advertisementKind } from '../../../core/content/advertisements.ts';
import { DEFAULT_AD_CTA } from '../../../core/game/cadence.ts';
import { CheckField } from '../../components/check-field.tsx';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import {
  CollectionPage,
  type FieldsProps,
} from '../../features/admin-world/components/collection-page.tsx';

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
      initial={(ad): AdForm => ({
        title: ad?.title ?? '',
        description: ad?.description ?? '',
        imageUrl: ad?.imageUrl ?? null,
        ctaText: ad?.ctaText ?? DEFAULT_AD_CTA,
        ctaLink: ad?.ctaLink ?? '',
        priority: String(ad?.priority ?? 0),
        active: ad?.active ?? true,
      })}
      Fields={AdFields}
    />
  );
}

type AdForm = {
  title: string;
  description: string;
  imageUrl: string | null;
  ctaText: string;
  ctaLink: string;
  priority: string;
  active: boolean;
};

function AdFields({ form: { values, set, field } }: FieldsProps<AdForm>) {
  return (
    <>
      <TextField {...field('title')} label="Title" required />
      <TextField {...field('description')} label="Description" rows={3} />
      <ImageUploadField
        bucket="sponsors"
        label="Image"
        value={values.imageUrl}
        onChange={(v) => set('imageUrl', v)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('ctaText')} label="Button Text" />
        <TextField {...field('ctaLink')} label="Button Link" type="url" hint="https://..." />
        <TextField {...field('priority')} label="Priority" type="number" />
        <CheckField
          checked={values.active}
          onChange={(v) => set('active', v)}
          className="self-end pb-2"
        >
          Active
        </CheckField>
      </div>
    </>
  );
}
